/**
 * The editor's bound for a large text (issue 22 Deliver 5, decision 0277). Above it the editor keeps what
 * costs one visible screen (line numbers, search, history, undo, selection) and the problem marks, and turns off
 * what reads the whole text on every change or in the background: the YAML syntax tree (colours, folding,
 * indentation; CodeMirror parses it in 100 ms slices, which were the long tasks after a 13 MB paste), bracket
 * matching (a plain scan of the line when there is no tree: 0.8 s per key on one long line), completion as you
 * type and hover explanations (each reads the whole text). The marks are checked as for any text.
 */

/** Characters above which the editor works in its large-text mode (1 MB of text, about 20,000 lines). */
export const LARGE_TEXT_CHARS = 1_000_000;

export const isLargeText = (length: number): boolean => length > LARGE_TEXT_CHARS;

/** What the editor says while it works in its large-text mode. */
export function largeTextNote(length: number): string {
  const mb = (length / 1e6).toFixed(1);
  return (
    `Large text (${mb} MB, over ${LARGE_TEXT_CHARS / 1e6} MB): colours, folding, bracket matching, completion ` +
    `as you type and field explanations are off to keep typing fast; problems are still marked.`
  );
}
