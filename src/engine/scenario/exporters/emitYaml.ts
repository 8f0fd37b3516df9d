/**
 * A small block-style YAML writer for plain data (maps, lists, strings, numbers, booleans, null). The
 * exporter writes one document per pod: with the `yaml` package's Document model that costs about half a
 * millisecond each (seconds for a production-sized cluster, on the main thread), this is a string walk.
 * Anything that is not a safe plain scalar is written as a JSON string, which YAML reads as a
 * double-quoted scalar; multi-line text (the ConfigMaps' files) as a literal block.
 */
type Value = unknown;

/** Plain when it starts with a letter or `_` and holds only name characters (`nvidia.com/gpu`, `node-0`). */
const PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
/** Words YAML 1.1 or 1.2 would read as booleans or null. */
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n)$/i;

function scalar(value: Value): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return '.nan';
    if (!Number.isFinite(value)) return value > 0 ? '.inf' : '-.inf';
    return Object.is(value, -0) ? '0' : String(value);
  }
  const text = String(value);
  return PLAIN.test(text) && !RESERVED.test(text) ? text : JSON.stringify(text);
}

/** Control characters (other than the line feed), NEL, line and paragraph separators, BOM: JSON-escaped instead. */
function hasUnprintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x0a) || c === 0x7f || c === 0x85 || c === 0x2028 || c === 0x2029 || c === 0xfeff)
      return true;
  }
  return false;
}

/** A literal block (`|`, `|-`, `|+`) when the text reads back unchanged that way, else null. */
function literalBlock(text: string, indent: string): string | null {
  if (!text.includes('\n') || hasUnprintable(text)) return null;
  const firstContent = text.split('\n').find((line) => line !== '');
  // The block's indentation is taken from its first non-empty line, which must not start with a space.
  if (firstContent === undefined || firstContent.startsWith(' ')) return null;
  const chomp = text.endsWith('\n\n') ? '+' : text.endsWith('\n') ? '' : '-';
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  const lines = body.split('\n').map((line) => (line === '' ? '' : `${indent}${line}`));
  return `|${chomp}\n${lines.join('\n')}`;
}

const isMap = (v: Value): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function lines(value: Value, indent: string, out: string[]): void {
  if (isMap(value)) {
    for (const [key, child] of Object.entries(value)) {
      const head = `${indent}${scalar(key)}:`;
      if (isMap(child) && Object.keys(child).length > 0) {
        out.push(head);
        lines(child, `${indent}  `, out);
      } else if (Array.isArray(child) && child.length > 0) {
        out.push(head);
        lines(child, `${indent}  `, out);
      } else if (isMap(child)) out.push(`${head} {}`);
      else if (Array.isArray(child)) out.push(`${head} []`);
      else {
        const block = typeof child === 'string' ? literalBlock(child, `${indent}  `) : null;
        out.push(`${head} ${block ?? scalar(child)}`);
      }
    }
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const nested =
        (isMap(item) && Object.keys(item).length > 0) || (Array.isArray(item) && item.length > 0);
      if (!nested) {
        const block = typeof item === 'string' ? literalBlock(item, `${indent}  `) : null;
        const shown = isMap(item) ? '{}' : Array.isArray(item) ? '[]' : (block ?? scalar(item));
        out.push(`${indent}- ${shown}`);
        continue;
      }
      // The item's first line shares the dash: `- name: x` then `  queue: y`.
      const start = out.length;
      lines(item, `${indent}  `, out);
      out[start] = `${indent}- ${(out[start] as string).slice(indent.length + 2)}`;
    }
    return;
  }
  out.push(`${indent}${scalar(value)}`);
}

/** `value` as a YAML document (block style, ending in a newline). */
export function emitYaml(value: Value): string {
  const out: string[] = [];
  if (isMap(value) && Object.keys(value).length === 0) return '{}\n';
  if (Array.isArray(value) && value.length === 0) return '[]\n';
  lines(value, '', out);
  return `${out.join('\n')}\n`;
}
