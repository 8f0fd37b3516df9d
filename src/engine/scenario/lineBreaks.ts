/**
 * One spelling of the line break for every reader of scenario text. YAML 1.2 (§5.4) counts CR LF, a lone CR
 * and LF each as one line break and reads a break inside a scalar as LF; the `yaml` package only knows LF
 * and CR LF, so a file saved with lone CRs (classic Mac OS, some exports) read as one long line there while
 * `JSON.parse` (which takes CR for white space) read it fine: the same document passed or failed depending
 * on which reader it reached (issue 18). Every reader now sees LF only, so the fast paths and the located
 * reading agree, and every reported line counts a lone CR as a line break, as the editor does.
 */

/**
 * The text with a leading byte order mark removed (editors hide it; `JSON.parse` refuses it) and every
 * CR LF and lone CR turned into LF. Line numbers are unchanged by this; a column on the first line of a
 * text that had a byte order mark is one less, which is the column an editor shows.
 */
export function normaliseLineBreaks(text: string): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.includes('\r') ? body.replace(/\r\n?/g, '\n') : body;
}
