import { isMap, isScalar, isSeq, type ToStringOptions } from 'yaml';

/**
 * How the scenario's writers call the yaml package's `toString`: no folding of long lines, and a
 * double-quoted string always on one line (with `\n` escapes). Past `doubleQuotedMinMultiLineLength`
 * (default 40) the package spreads a double-quoted string over lines, and a line of spaces in it came back
 * as a backslash ("x…x  \n \na" read back as "x…x  \n\\\na", found by the hostile-strings property).
 */
export const YAML_WRITE_OPTIONS: ToStringOptions = {
  lineWidth: 0,
  flowCollectionPadding: false,
  doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER,
};

/**
 * Strings the yaml package writes in a form that does not read back as themselves get double quotes, which
 * read back as the same string whatever it holds (issue 18):
 * - inside a flow collection, a string with a line break is written as a plain scalar over several lines:
 *   a label "-\nx" read back as a block sequence inside `{…}` (YAMLParseError "Block collections are not
 *   allowed within flow collections"), "?\nx" and ":\nx" as other errors;
 * - in block style, a line of only spaces in a `|` literal reads back as an empty line (" \n" became "\n"),
 *   and a CR does not survive a literal at all.
 * One walk with an explicit stack over the written nodes (the yaml package's `visit` keeps a path per node).
 */
export function quoteWhereNeeded(root: unknown): void {
  const stack: { node: unknown; inFlow: boolean }[] = [{ node: root, inFlow: false }];
  while (stack.length > 0) {
    const { node, inFlow } = stack.pop() as { node: unknown; inFlow: boolean };
    if (isScalar(node)) {
      if (typeof node.value === 'string' && needsDoubleQuotes(node.value, inFlow)) node.type = 'QUOTE_DOUBLE';
    } else if (isMap(node)) {
      const flow = inFlow || node.flow === true;
      for (const pair of node.items)
        stack.push({ node: pair.key, inFlow: flow }, { node: pair.value, inFlow: flow });
    } else if (isSeq(node)) {
      const flow = inFlow || node.flow === true;
      for (const item of node.items) stack.push({ node: item, inFlow: flow });
    }
  }
}

function needsDoubleQuotes(text: string, inFlow: boolean): boolean {
  if (text.includes('\r')) return true;
  if (!text.includes('\n')) return false;
  return inFlow || text.split('\n').some((line) => line !== '' && line.trim() === '');
}
