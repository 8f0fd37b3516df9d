"""Read Go composite literals from KAI's action unit tests (a developer tool, not part of the build).

Only the subset the test tables use: composite literals (keyed or not, with or without a type), strings,
numbers, selectors (pod_status.Running), calls (ptr.To(110), jobs_fake.DefaultSubGroup(2)), unary & and -,
and simple binary arithmetic. Values come back as Python dicts (keyed literals), lists (unkeyed),
('call', name, args), ('ident', name), ('binop', op, a, b), ('type', text) for a bare type such as the
`[]*T` of make([]*T, 0), numbers and strings.
"""
import re

TOKEN = re.compile(
    r'\s+|//[^\n]*|/\*.*?\*/'
    r'|(?P<str>"(?:\\.|[^"\\])*"|`[^`]*`)'
    r'|(?P<num>\d+\.\d*(?:[eE][-+]?\d+)?|\d+(?:[eE][-+]?\d+)?|\.\d+)'
    r'|(?P<id>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)'
    r'|(?P<op>:=|[{}\[\]():,&*+\-/<>=.!;|])',
    re.S,
)


def tokenize(src):
    out = []
    pos = 0
    while pos < len(src):
        m = TOKEN.match(src, pos)
        if not m:
            out.append(('op', src[pos]))
            pos += 1
            continue
        pos = m.end()
        kind = m.lastgroup
        if kind is None:
            continue
        out.append((kind, m.group(kind)))
    return out


class Parser:
    def __init__(self, toks, i=0):
        self.t = toks
        self.i = i

    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else ('eof', '')

    def take(self, val=None):
        tok = self.peek()
        if val is not None and tok[1] != val:
            raise SyntaxError(f'expected {val!r}, got {tok!r} at {self.i}')
        self.i += 1
        return tok

    def type_prefix(self):
        """Skip a type written before `{`: []*pkg.T, map[string]pkg.T, pkg.T, *T. True when one was read."""
        start = self.i
        while True:
            k, v = self.peek()
            if v == '[':
                self.take('[')
                if self.peek()[1] != ']':
                    self.take()  # map key type or size
                self.take(']')
            elif v == '*':
                self.take()
            elif k == 'id' and v.startswith('map'):
                self.take()
            elif k == 'id':
                self.take()
                return True
            else:
                self.i = start
                return False

    def literal_body(self):
        self.take('{')
        keyed = {}
        items = []
        while self.peek()[1] != '}':
            # key: value ?
            save = self.i
            k, v = self.peek()
            if k in ('id', 'str', 'num') and self.peek(1)[1] == ':':
                self.take()
                self.take(':')
                key = v.strip('"') if k == 'str' else v
                keyed[key] = self.expr()
            elif v == '{' and False:
                pass
            else:
                self.i = save
                val = self.expr()
                if self.peek()[1] == ':':  # computed key (e.g. "node"+x): keep as text
                    self.take(':')
                    keyed[str(val)] = self.expr()
                else:
                    items.append(val)
            if self.peek()[1] == ',':
                self.take(',')
        self.take('}')
        if keyed and items:
            raise SyntaxError('mixed literal')
        return keyed if keyed or not items else items

    def primary(self):
        k, v = self.peek()
        if v == '&':
            self.take()
            return self.primary()
        if v == '-':
            self.take()
            val = self.primary()
            return -val if isinstance(val, (int, float)) else ('neg', val)
        if v == '(':
            self.take('(')
            val = self.expr()
            self.take(')')
            return val
        if v == '{':
            return self.literal_body()
        if k == 'str':
            self.take()
            return re.sub(r'\\(.)', lambda m: {'n': '\n', 't': '\t'}.get(m.group(1), m.group(1)), v[1:-1]) if v[0] == '"' else v[1:-1]
        if k == 'num':
            self.take()
            return float(v) if ('.' in v or 'e' in v.lower()) else int(v)
        if v in ('[', '*') or k == 'id':
            save = self.i
            typed = self.type_prefix()
            if typed and self.peek()[1] == '{':
                return self.literal_body()
            if typed and v in ('[', '*', 'map'):
                # A bare type, as the first argument of make([]*T, 0) or make(map[K]V): kept as its text.
                return ('type', ''.join(t[1] for t in self.t[save:self.i]))
            self.i = save
            if k == 'id':
                self.take()
                if self.peek()[1] == '(':
                    return self.primary_call(v)
                if self.peek()[1] == '[':  # generic like ptr.To[int32](3)
                    self.take('[')
                    while self.peek()[1] != ']':
                        self.take()
                    self.take(']')
                    return self.primary_call(v)
                if v == 'true':
                    return True
                if v == 'false':
                    return False
                if v == 'nil':
                    return None
                return ('ident', v)
        raise SyntaxError(f'unexpected {self.peek()!r} at {self.i}')

    def primary_call(self, name):
        self.take('(')
        args = []
        while self.peek()[1] != ')':
            args.append(self.expr())
            if self.peek()[1] == ',':
                self.take(',')
        self.take(')')
        return ('call', name, args)

    def expr(self):
        left = self.primary()
        while self.peek()[1] in ('*', '+', '-', '/'):
            op = self.take()[1]
            right = self.primary()
            left = ('binop', op, left, right)
        return left


def find_literals(src, type_name):
    """Every `<pkg.>type_name{...}` literal in src, with the token index where it starts."""
    toks = tokenize(src)
    found = []
    for i, (k, v) in enumerate(toks):
        if k == 'id' and (v == type_name or v.endswith('.' + type_name)) and i + 1 < len(toks) and toks[i + 1][1] == '{':
            p = Parser(toks, i + 1)
            try:
                found.append(p.literal_body())
            except SyntaxError as e:
                found.append(('error', str(e)))
    return found
