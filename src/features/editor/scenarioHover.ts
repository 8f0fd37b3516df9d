/** Explains a field when the pointer rests on its key: the sentence from `fieldDocs`, and its accepted values. */
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import { FIELD_DOCS } from './fieldDocs';
import { enumValuesOf, tableAt } from './schemaFields';
import { yamlContextAt } from './yamlContext';

/** The explanation of the key at `offset` in `text`, or null when it is not a known field's key. */
export function fieldDocAt(text: string, offset: number): { from: number; to: number; doc: string } | null {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = text.indexOf('\n', offset);
  const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
  const match = /^(\s*(?:-\s+)*)([A-Za-z_][\w.-]*)\s*:/.exec(line);
  if (match === null) return null;
  const from = lineStart + (match[1] ?? '').length;
  const key = match[2] ?? '';
  const to = from + key.length;
  if (offset < from || offset > to) return null;
  const at = yamlContextAt(text, to);
  if (at === null || at.kind !== 'key') return null;
  const table = tableAt(at.path);
  if (table === null) return null;
  const doc = FIELD_DOCS[table][key];
  if (doc === undefined) return null;
  const values = enumValuesOf(table, key);
  return { from, to, doc: values.length > 0 ? `${doc} One of: ${values.join(', ')}.` : doc };
}

export const scenarioHover = hoverTooltip((view, pos): Tooltip | null => {
  const found = fieldDocAt(view.state.doc.toString(), pos);
  if (found === null) return null;
  return {
    pos: found.from,
    end: found.to,
    above: true,
    create: () => {
      const dom = document.createElement('div');
      dom.className = 'cm-field-doc';
      dom.setAttribute('data-testid', 'editor.hover');
      dom.textContent = found.doc;
      return { dom };
    },
  };
});
