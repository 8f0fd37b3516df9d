/**
 * Reads one Kubernetes document and remembers which fields were used, so that every field the importer
 * could not map is listed by document and field path, never silently dropped.
 */
export type Data = Record<string, unknown>;

export const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One field an importer could not map. */
export interface UnmappedField {
  /** `Kind/name` (or `document N` when it has no name). */
  document: string;
  /** Dotted path in that document, e.g. `spec.resources.gpu.burst`. */
  field: string;
  /** Why, when it is known (default: the simulator has no such input). */
  reason?: string;
}

/** Fields that describe the object's life in a cluster, not the scheduling problem. */
const BOOKKEEPING = new Set([
  'apiVersion',
  'kind',
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'metadata.resourceVersion',
  'metadata.generation',
  'metadata.creationTimestamp',
  'metadata.managedFields',
  'metadata.selfLink',
  'metadata.ownerReferences',
  'metadata.finalizers',
]);

/** A field path: dotted (`spec.resources.gpu`), or segments when a key has dots (`['data', 'config.yaml']`). */
export type FieldPath = string | readonly string[];

const SEP = '\u001f';
/**
 * Dotted paths are the importers' literals (a few dozen), asked of every object: their segments and keys
 * are made once (splitting and joining them per call was a tenth of a 140,000-pod snapshot's import,
 * decision 0170). Segments are shared: callers never change them.
 */
const dotted = new Map<string, { segments: readonly string[]; key: string }>();
const MAX_DOTTED = 4096;
function dottedPath(path: string): { segments: readonly string[]; key: string } {
  let d = dotted.get(path);
  if (d === undefined) {
    const segments = path.split('.');
    d = { segments, key: segments.join(SEP) };
    // Bounded: the paths are literals, but a caller building them from data must not grow this forever.
    if (dotted.size < MAX_DOTTED) dotted.set(path, d);
  }
  return d;
}
const segments = (path: FieldPath): readonly string[] =>
  typeof path === 'string' ? dottedPath(path).segments : path;
const keyOf = (path: FieldPath): string => (typeof path === 'string' ? dottedPath(path).key : path.join(SEP));
/** A path as shown to people: segments joined by dots. */
export const showPath = (path: FieldPath): string => segments(path).join('.');

export class FieldTracker {
  private readonly used = new Set<string>();
  private readonly reasons = new Map<string, string>();

  constructor(
    readonly doc: Data,
    readonly label: string,
  ) {}

  /** The value at `path`, marked as used (with all it contains). */
  get(path: FieldPath): unknown {
    this.used.add(keyOf(path));
    return this.peek(path);
  }

  /** The value at `path` without marking it used (a map read entry by entry, e.g. annotations). */
  peek(path: FieldPath): unknown {
    let value: unknown = this.doc;
    for (const key of segments(path)) {
      if (Array.isArray(value) && /^\d+$/.test(key)) {
        value = (value as unknown[])[Number(key)];
        continue;
      }
      if (!isData(value) || !Object.hasOwn(value, key)) return undefined;
      value = value[key];
    }
    return value;
  }

  use(path: FieldPath): void {
    this.used.add(keyOf(path));
  }

  /** Records why `path` is not mapped (it still lists as unmapped). */
  explain(path: FieldPath, reason: string): void {
    this.reasons.set(keyOf(path), reason);
  }

  unmapped(): UnmappedField[] {
    const out: UnmappedField[] = [];
    // `key` is the path joined as `used` keys are, built as the walk goes down: a node is skipped as soon as
    // its own path is used, so its prefixes were already checked by its ancestors (one set lookup per node,
    // not one per prefix: 64 levels × a million keys would have been quadratic in the depth).
    // `shown` is the dotted path, built as the walk goes down too (joining an array of segments at every
    // node made the walk the largest cost of importing a 140,000-pod snapshot, issue 19).
    const walk = (value: unknown, depth: number, shown: string, key: string) => {
      if (depth > 0 && (this.used.has(key) || BOOKKEEPING.has(shown))) return;
      if (shown === 'status') {
        // Fields read from status (a pod's phase, a queue's state) count; the rest is listed as one entry.
        if (this.fullyUsed(value, key)) return;
        out.push({
          document: this.label,
          field: 'status',
          reason: 'observed state: the simulator computes its own',
        });
        return;
      }
      if (isData(value)) {
        let any = false;
        for (const k in value) {
          if (!Object.hasOwn(value, k)) continue;
          any = true;
          walk(value[k], depth + 1, depth === 0 ? k : `${shown}.${k}`, depth === 0 ? k : `${key}${SEP}${k}`);
        }
        // An empty top-level section (a Node's `spec: {}`) holds nothing to map: listing it was noise in the
        // report. Deeper down an empty mapping can mean something (`emptyDir: {}`, a plugin enabled with no
        // arguments), so it is still listed.
        if (any || depth === 1) return;
      } else if (Array.isArray(value) && value.some((item) => isData(item) || Array.isArray(item))) {
        for (let i = 0; i < value.length; i++)
          walk(
            value[i],
            depth + 1,
            depth === 0 ? String(i) : `${shown}.${i}`,
            depth === 0 ? String(i) : `${key}${SEP}${i}`,
          );
        return;
      }
      const reason = this.reasons.get(key);
      out.push(
        reason === undefined
          ? { document: this.label, field: shown }
          : { document: this.label, field: shown, reason },
      );
    };
    walk(this.doc, 0, '', '');
    return out;
  }

  /** True when every leaf under `key` (whose prefixes are not used) was used. */
  private fullyUsed(value: unknown, key: string): boolean {
    if (this.used.has(key)) return true;
    if (!isData(value)) return false;
    return Object.entries(value).every(([k, child]) => this.fullyUsed(child, `${key}${SEP}${k}`));
  }
}
