/**
 * Text from the documents (names, keys, values) as part of a one-line YAML comment. A comment ends at the
 * first line break, so a raw one would end it early and turn the rest into scenario text (a job named
 * "a\nb" broke the imported text); line breaks and other control characters are written as escapes
 * (`\n`, `\r`, `\u2028`), which a person reads and which never end the comment.
 */
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function commentText(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what this replaces
    /[\u0000-\u001f\u007f\u0085\u2028\u2029\ufeff]/g,
    (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
