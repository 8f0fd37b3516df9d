/**
 * "Format": re-indents a scenario consistently (two spaces, lists under their key) keeping comments,
 * key order and flow style (`{gpu: 1}` stays inline). A text that does not parse is left as it is.
 */
import { parseDocument } from 'yaml';

export type FormatResult = { ok: true; text: string } | { ok: false; error: string };

export function formatYaml(text: string): FormatResult {
  const doc = parseDocument(text, { prettyErrors: false, keepSourceTokens: false });
  const first = doc.errors[0];
  if (first !== undefined) {
    return { ok: false, error: `Fix the YAML syntax first: ${first.message.split('\n')[0] ?? ''}` };
  }
  return {
    ok: true,
    text: doc.toString({ indent: 2, indentSeq: true, lineWidth: 110, flowCollectionPadding: false }),
  };
}
