/**
 * Multi-document Kubernetes YAML to plain objects, in one linear pass with every bound of importLimits.ts
 * checked as it goes (decision 0115). The yaml package reads the text into its syntax tree (with its
 * quadratic repeated-key check off, as the scenario parser does); this walk then turns each document into
 * data itself instead of `toJS`, because `toJS` resolves each alias by a walk from the document's root,
 * follows an alias into the node that contains it (data that nests without end, which the import then
 * walked for ~970 s of CPU before a RangeError), and stringifies collection keys with a warning on stderr.
 * Here repeated keys, recursive or unresolved aliases, alias expansion, nesting, label-map sizes and the
 * number of documents and objects are each an error naming the document and line; nothing throws.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, type Document } from 'yaml';
import { cloneData, setOwn } from '../ownEntries';
import { deepestLine } from '../deepestLine';
import { readYamlFast } from '../readYamlFast';
import { isData, type Data } from './FieldTracker';
import {
  MAX_IMPORT_ALIAS_EXPANSION,
  MAX_IMPORT_ALIASES,
  MAX_IMPORT_DOCUMENTS,
  MAX_IMPORT_MAP_ENTRIES,
  MAX_IMPORT_NESTING,
  MAX_IMPORT_OBJECTS,
  MAX_IMPORT_TEXT_LENGTH,
} from './importLimits';

export type ReadDocuments = { ok: true; objects: Data[] } | { ok: false; errors: string[] };

/**
 * What alias expansion has cost so far in one import: the documents and the YAML texts inside them (the
 * scheduler configuration, the carrier's values) share it, so many small texts cannot add up past it.
 */
export interface AliasBudget {
  aliases: number;
  expansion: number;
}

export const newAliasBudget = (): AliasBudget => ({ aliases: 0, expansion: 0 });

/** Mappings whose entries are bounded like the scenario format's `labels`, `annotations`, `nodeSelector`. */
const BOUNDED_MAPS = new Set(['labels', 'annotations', 'nodeSelector']);
/** Past the first few errors the rest usually follow from them. */
const MAX_ERRORS = 20;

/** A converted node: its data, how deep it nests and how many values it holds (aliases expanded). */
interface Converted {
  value: unknown;
  height: number;
  size: number;
}

class Stop extends Error {}

export function readKubernetesDocuments(text: string, budget = newAliasBudget()): ReadDocuments {
  if (text.length > MAX_IMPORT_TEXT_LENGTH)
    return {
      ok: false,
      errors: [`the text is at most ${MAX_IMPORT_TEXT_LENGTH} characters (16 MiB), got ${text.length}`],
    };
  return readFast(text) ?? readKubernetesDocumentsFully(text, budget);
}

/**
 * `readKubernetesDocuments` without its fast path: the yaml package's syntax tree, every error with its line.
 * Both give the same objects whenever the fast path answers (readKubernetesDocuments.test.ts).
 */
export function readKubernetesDocumentsFully(text: string, budget = newAliasBudget()): ReadDocuments {
  if (text.length > MAX_IMPORT_TEXT_LENGTH) return readKubernetesDocuments(text, budget);
  // Counted before parsing: a million `---` lines took 12 s and a gigabyte to parse into empty documents.
  if (moreMarkersThan(text, MAX_IMPORT_DOCUMENTS))
    return {
      ok: false,
      errors: [`at most ${MAX_IMPORT_DOCUMENTS} documents can be imported (each \`---\` starts one)`],
    };
  const lineCounter = new LineCounter();
  let docs: Document.Parsed[];
  try {
    docs = parseWithoutStacks(text, lineCounter);
  } catch (error) {
    // The yaml package recurses per nesting level: thousands of nested `[` overflow its stack.
    if (error instanceof RangeError) return tooDeep(text);
    return { ok: false, errors: [`not YAML: ${firstLine(error)}`] };
  }
  if (docs.length > MAX_IMPORT_DOCUMENTS)
    return {
      ok: false,
      errors: [`at most ${MAX_IMPORT_DOCUMENTS} documents can be imported, got ${docs.length}`],
    };
  const line = (offset: number | undefined) => lineCounter.linePos(offset ?? 0).line;
  const errors: string[] = [];
  for (let i = 0; i < docs.length && errors.length < MAX_ERRORS; i++) {
    const doc = docs[i] as Document.Parsed;
    if (doc.errors.some((e) => /call stack/i.test(e.message))) return tooDeep(text);
    for (const e of doc.errors.slice(0, MAX_ERRORS))
      errors.push(`document ${i + 1}, line ${line(e.pos[0])}: ${firstLine(e)}`);
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };

  const objects: Data[] = [];
  for (let i = 0; i < docs.length; i++) {
    const where = `document ${i + 1}`;
    let data: unknown;
    try {
      data = new DocumentReader(where, line, budget).read(docs[i] as Document.Parsed);
    } catch (error) {
      if (error instanceof Stop) return { ok: false, errors: [error.message] };
      throw error;
    }
    if (data === null || data === undefined) continue;
    // A `List` (kubectl get -o yaml) holds its objects in `items`.
    if (isData(data) && data.kind === 'List' && Array.isArray(data.items)) {
      for (const item of data.items as unknown[]) if (isData(item)) objects.push(item);
    } else if (isData(data)) objects.push(data);
    else errors.push(`${where}: not a Kubernetes object (a mapping with apiVersion and kind)`);
    if (objects.length > MAX_IMPORT_OBJECTS)
      return {
        ok: false,
        errors: [`${where}: at most ${MAX_IMPORT_OBJECTS} objects can be imported (List items included)`],
      };
    if (errors.length >= MAX_ERRORS) break;
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, objects };
}

/**
 * Block YAML as kubectl, Helm and this app's export write it, read a document at a time by the scenario
 * parser's fast path (readYamlFast, decision 0090): the yaml package's syntax tree costs about 0.8 ms per
 * object, 20 s for a 23,000-object cluster. Null, and the text is read the full way, as soon as any document
 * is outside that subset (anchors, aliases, tags, `---` with anything after it, CR, quoted keys, repeated
 * keys …) or goes over a bound, so every error still comes from the full reading, with its line.
 */
function readFast(text: string): ReadDocuments | null {
  const pieces = text.split(/^---$/m);
  if (pieces.length > MAX_IMPORT_DOCUMENTS) return null;
  const objects: Data[] = [];
  for (const piece of pieces) {
    // A document marker with something after it on its line, a directive or a document end: full reading.
    if (/^(---|\.\.\.|%)/m.test(piece)) return null;
    if (/^\s*(#[^\n]*)?(\n\s*(#[^\n]*)?)*$/.test(piece)) continue;
    const data = readYamlFast(piece);
    if (data === null || !withinBounds(data, 0, null)) return null;
    if (data.kind === 'List' && Array.isArray(data.items)) {
      for (const item of data.items as unknown[]) if (isData(item)) objects.push(item);
    } else objects.push(data);
    if (objects.length > MAX_IMPORT_OBJECTS) return null;
  }
  return { ok: true, objects };
}

/** Nesting and label-map sizes of data read on the fast path (it has no aliases, so no expansion). */
function withinBounds(value: unknown, depth: number, parentKey: string | null): boolean {
  if (Array.isArray(value)) {
    if (depth >= MAX_IMPORT_NESTING) return false;
    return value.every((item) => withinBounds(item, depth + 1, null));
  }
  if (!isData(value)) return true;
  if (depth >= MAX_IMPORT_NESTING) return false;
  const entries = Object.entries(value);
  if (parentKey !== null && BOUNDED_MAPS.has(parentKey) && entries.length > MAX_IMPORT_MAP_ENTRIES)
    return false;
  return entries.every(([key, item]) => withinBounds(item, depth + 1, key));
}

/**
 * A YAML text held in a field (a ConfigMap's `config.yaml`, a `preemption-lab.dev/` annotation) as data,
 * read as the documents are, within the same budget; `where` names the field. A text of several documents
 * is an error; an empty one is null.
 */
export function readYamlValue(
  text: string,
  where: string,
  budget: AliasBudget,
): { ok: true; value: unknown } | { ok: false; error: string } {
  const lineCounter = new LineCounter();
  let docs: Document.Parsed[];
  try {
    docs = parseWithoutStacks(text, lineCounter);
  } catch (error) {
    return {
      ok: false,
      error: `${where} is not YAML: ${error instanceof RangeError ? 'it nests too deeply to read' : firstLine(error)}`,
    };
  }
  const line = (offset: number | undefined) => lineCounter.linePos(offset ?? 0).line;
  const first = docs[0];
  if (first === undefined) return { ok: true, value: null };
  if (docs.length > 1) return { ok: false, error: `${where}: holds ${docs.length} YAML documents, not one` };
  const error = first.errors[0];
  if (error !== undefined)
    return { ok: false, error: `${where} is not YAML, line ${line(error.pos[0])}: ${firstLine(error)}` };
  try {
    return { ok: true, value: new DocumentReader(where, line, budget).read(first) };
  } catch (e) {
    if (e instanceof Stop) return { ok: false, error: e.message };
    throw e;
  }
}

/** One document's syntax tree to data; anchors belong to their document. */
class DocumentReader {
  /** The latest node of each anchor name (an alias names the latest one before it, YAML redefines). */
  private readonly anchors = new Map<string, unknown>();
  /** Anchored nodes converted so far; one still being converted is not here (an alias to it recurses). */
  private readonly done = new Map<unknown, Converted>();

  constructor(
    private readonly where: string,
    private readonly line: (offset: number | undefined) => number,
    private readonly budget: AliasBudget,
  ) {}

  read(doc: Document.Parsed): unknown {
    return this.convert(doc.contents, 0, null).value;
  }

  private fail(node: unknown, message: string): never {
    const range = (node as { range?: [number, number, number] | null } | null)?.range;
    throw new Stop(`${this.where}, line ${this.line(range?.[0])}: ${message}`);
  }

  private convert(node: unknown, depth: number, parentKey: string | null): Converted {
    if (node === null || node === undefined) return { value: null, height: 0, size: 1 };
    if (isAlias(node)) return this.alias(node, depth);
    if (isScalar(node)) return this.finish(node, { value: node.value, height: 0, size: 1 });
    if (depth >= MAX_IMPORT_NESTING)
      this.fail(node, `lists and mappings nest at most ${MAX_IMPORT_NESTING} levels`);
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor !== undefined) this.anchors.set(anchor, node);
    if (isSeq(node)) {
      const out: unknown[] = [];
      let height = 0;
      let size = 1;
      for (const item of node.items) {
        const c = this.convert(item, depth + 1, null);
        out.push(c.value);
        height = Math.max(height, c.height + 1);
        size += c.size;
      }
      return this.finish(node, { value: out, height, size });
    }
    if (isMap(node)) {
      if (parentKey !== null && BOUNDED_MAPS.has(parentKey) && node.items.length > MAX_IMPORT_MAP_ENTRIES)
        this.fail(
          node,
          `${parentKey} has ${node.items.length} entries; at most ${MAX_IMPORT_MAP_ENTRIES} (as the scenario format's, §10)`,
        );
      const out: Data = {};
      let height = 0;
      let size = 1;
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = this.key(pair.key, node);
        // A repeated key is an error rather than a silent override, found with a set per mapping (the yaml
        // package's own `uniqueKeys` check compares each key with every earlier one: 40,000 labels, 11 s).
        if (Object.hasOwn(out, key))
          this.fail(pair.key ?? node, `the key "${short(key)}" is repeated (map keys must be unique)`);
        const c = this.convert(pair.value, depth + 1, key);
        setOwn(out, key, c.value);
        height = Math.max(height, c.height + 1);
        size += c.size;
      }
      return this.finish(node, { value: out, height, size });
    }
    return this.fail(node, 'not a YAML value the import reads');
  }

  /** A key as Kubernetes reads it (sigs.k8s.io/yaml): a scalar, written as a string. */
  private key(node: unknown, map: unknown): string {
    const target = isAlias(node) ? this.anchors.get(node.source) : node;
    if (isScalar(target) && target.value !== null && typeof target.value !== 'object')
      return String(target.value);
    return this.fail(node ?? map, 'a mapping key must be a string, a number or a boolean');
  }

  private alias(node: { source: string; range?: unknown }, depth: number): Converted {
    const target = this.anchors.get(node.source);
    if (target === undefined) this.fail(node, `the alias *${node.source} names no anchor before it`);
    const converted = this.done.get(target);
    if (converted === undefined)
      this.fail(
        node,
        `the alias *${node.source} refers to the node that contains it, which would nest without end`,
      );
    this.budget.aliases += 1;
    this.budget.expansion += converted.size;
    if (this.budget.aliases > MAX_IMPORT_ALIASES)
      this.fail(node, `at most ${MAX_IMPORT_ALIASES} aliases (*name) in the text`);
    if (this.budget.expansion > MAX_IMPORT_ALIAS_EXPANSION)
      this.fail(
        node,
        `aliases expand to more than ${MAX_IMPORT_ALIAS_EXPANSION} values in all (nested aliases multiply)`,
      );
    if (depth + converted.height > MAX_IMPORT_NESTING)
      this.fail(node, `lists and mappings nest at most ${MAX_IMPORT_NESTING} levels (aliases expanded)`);
    // A copy, so that the data stays a tree (no object is shared, written twice, or changed through another).
    return { value: cloneData(converted.value), height: converted.height, size: converted.size };
  }

  private finish(node: unknown, c: Converted): Converted {
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor !== undefined) {
      this.anchors.set(anchor, node);
      this.done.set(node, c);
    }
    return c;
  }
}

/** The yaml package builds an Error with a stack trace per syntax error; broken text can give thousands. */
function parseWithoutStacks(text: string, lineCounter: LineCounter): Document.Parsed[] {
  const errors = Error as ErrorConstructor & { stackTraceLimit?: number | undefined };
  const limit = errors.stackTraceLimit;
  errors.stackTraceLimit = 0;
  try {
    const docs = parseAllDocuments(text, {
      lineCounter,
      prettyErrors: false,
      uniqueKeys: false,
      logLevel: 'error',
    });
    // An empty stream is an array-like of no documents.
    return Array.isArray(docs) ? (docs as Document.Parsed[]) : [];
  } finally {
    errors.stackTraceLimit = limit;
  }
}

/** True when more than `max` lines start a document (`---` at the start of a line, alone or before a space). */
function moreMarkersThan(text: string, max: number): boolean {
  const marker = /^---(?=[ \t\r\n]|$)/gm;
  let count = 0;
  while (marker.exec(text) !== null) if (++count > max) return true;
  return false;
}

function tooDeep(text: string): ReadDocuments {
  return {
    ok: false,
    errors: [
      `line ${deepestLine(text, MAX_IMPORT_NESTING)}: the text nests too deeply to read (lists and mappings nest at most ${MAX_IMPORT_NESTING} levels)`,
    ],
  };
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

/** A key as shown in a message: at most 80 characters, line breaks escaped. */
function short(key: string): string {
  const shown = JSON.stringify(key).slice(1, -1);
  return shown.length > 80 ? `${shown.slice(0, 80)}…` : shown;
}
