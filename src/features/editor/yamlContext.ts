/**
 * Where the cursor is in a YAML scenario, read from indentation alone (the text is usually half-typed
 * and does not parse): the chain of parent keys, and whether the cursor is on a key or on the value of
 * `key:` (or on an item of the list under `key:`). Flow collections (`{…}`, `[…]`) are not entered.
 */
export interface YamlContext {
  /** Parent keys from the top, list items transparent. */
  path: string[];
  /** `key` when typing a key; `value` when typing the value of `key` (or an item of its list). */
  kind: 'key' | 'value';
  /** For `value`: the key whose value this is. */
  key: string | null;
  /** The word being typed. */
  word: string;
  /** Offset where the word starts. */
  from: number;
}

interface LineInfo {
  /** Column of the first key character, after indentation and list dashes. */
  column: number;
  key: string | null;
  /** Text after `key:` on that line, trimmed. */
  rest: string;
  isItem: boolean;
}

const KEY_LINE = /^(\s*)((?:-\s+)*)([A-Za-z_][\w.-]*)\s*:(?:\s+(.*))?$/;
const ITEM_ONLY = /^(\s*)((?:-\s*)+)(.*)$/;

function lineInfo(line: string): LineInfo | null {
  if (line.trim() === '' || line.trimStart().startsWith('#')) return null;
  const key = KEY_LINE.exec(line);
  if (key !== null) {
    const indent = (key[1] ?? '').length + (key[2] ?? '').length;
    return {
      column: indent,
      key: key[3] ?? null,
      rest: (key[4] ?? '').trim(),
      isItem: (key[2] ?? '') !== '',
    };
  }
  const item = ITEM_ONLY.exec(line);
  if (item !== null)
    return {
      column: (item[1] ?? '').length + (item[2] ?? '').length,
      key: null,
      rest: item[3] ?? '',
      isItem: true,
    };
  return { column: line.length - line.trimStart().length, key: null, rest: line.trim(), isItem: false };
}

/** Parent keys of a line whose content starts at `column`, reading lines above `lineIndex`. */
function parentsOf(lines: readonly string[], lineIndex: number, column: number): string[] {
  const path: string[] = [];
  let limit = column;
  for (let i = lineIndex - 1; i >= 0 && limit > 0; i--) {
    const info = lineInfo(lines[i] ?? '');
    if (info === null || info.column >= limit) continue;
    if (info.key !== null && info.rest === '') {
      path.unshift(info.key);
      limit = info.column;
      // The dashes before the key belong to the list this key's object is an item of.
      const dashes = (lines[i] ?? '').length - (lines[i] ?? '').trimStart().length;
      if (info.isItem) limit = dashes;
    } else if (info.isItem) {
      limit = (lines[i] ?? '').length - (lines[i] ?? '').trimStart().length;
    } else {
      limit = info.column;
    }
  }
  return path;
}

export function yamlContextAt(text: string, offset: number): YamlContext | null {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  const lineIndex = lines.length - 1;
  const prefix = lines[lineIndex] ?? '';
  const allLines = text.split('\n');
  const lineStart = offset - prefix.length;
  if (prefix.includes('#') || /[{}[\]]/.test(prefix)) return null;

  const valueMatch = /^(\s*)((?:-\s+)*)([A-Za-z_][\w.-]*)\s*:\s+([^\s'"]*)$/.exec(prefix);
  if (valueMatch !== null) {
    const column = (valueMatch[1] ?? '').length + (valueMatch[2] ?? '').length;
    const word = valueMatch[4] ?? '';
    return {
      path: parentsOf(allLines, lineIndex, column),
      kind: 'value',
      key: valueMatch[3] ?? null,
      word,
      from: offset - word.length,
    };
  }
  const keyMatch = /^(\s*)((?:-\s+)*)([A-Za-z_][\w.-]*|)$/.exec(prefix);
  if (keyMatch === null) return null;
  const word = keyMatch[3] ?? '';
  const column = (keyMatch[1] ?? '').length + (keyMatch[2] ?? '').length;
  const path = parentsOf(allLines, lineIndex, column);
  // `- allo` under `actions:` is an item of a list of names, not a key.
  const parentLine = findParentLine(allLines, lineIndex, column);
  if (
    (keyMatch[2] ?? '') !== '' &&
    parentLine !== null &&
    parentLine.key !== null &&
    isScalarList(parentLine.key)
  ) {
    return { path: path.slice(0, -1), kind: 'value', key: parentLine.key, word, from: lineStart + column };
  }
  return { path, kind: 'key', key: null, word, from: offset - word.length };
}

function findParentLine(lines: readonly string[], lineIndex: number, column: number): LineInfo | null {
  const dashes = (lines[lineIndex] ?? '').length - (lines[lineIndex] ?? '').trimStart().length;
  for (let i = lineIndex - 1; i >= 0; i--) {
    const info = lineInfo(lines[i] ?? '');
    if (info === null) continue;
    if (info.column < column && info.column <= dashes) return info;
  }
  return null;
}

/** Keys whose value is a list of plain names (completed as values, not keys). */
const SCALAR_LISTS = new Set(['actions', 'evicted']);
const isScalarList = (key: string) => SCALAR_LISTS.has(key);
