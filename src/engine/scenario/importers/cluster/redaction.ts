/**
 * Redaction (issue 19 part 2): every namespace, queue, job, task, node and label value gets a stable,
 * deterministic pseudonym (`queue-1`, `node-12`, …): the names of each kind are sorted (by UTF-16 code
 * units, locale-free) and numbered from 1 in that order, so the same snapshot always gives the same
 * pseudonyms, whatever order its lists come in. Applied before any text is produced; the translation
 * table is returned apart (decision 0153).
 */
import type { Namer } from './objectRef';

export type RedactionKind = 'namespace' | 'queue' | 'job' | 'task' | 'node' | 'label';
export interface RedactionRow {
  kind: RedactionKind;
  original: string;
  pseudonym: string;
}

const PREFIX: Record<RedactionKind, string> = {
  namespace: 'namespace',
  queue: 'queue',
  job: 'job',
  task: 'task',
  node: 'node',
  label: 'value',
};
const KINDS: RedactionKind[] = ['namespace', 'queue', 'job', 'task', 'node', 'label'];

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class Redactor {
  private readonly names = new Map<RedactionKind, Set<string>>(KINDS.map((k) => [k, new Set<string>()]));
  private table: Map<RedactionKind, Map<string, string>> | null = null;

  /** Registers a name to redact (before {@link namer} is called). */
  add(kind: RedactionKind, name: string): void {
    (this.names.get(kind) as Set<string>).add(name);
  }

  /** The pseudonyms, assigned once every name is known. */
  namer(): Namer {
    const table = this.freeze();
    const lookup = (kind: RedactionKind) => (name: string) => {
      const m = table.get(kind) as Map<string, string>;
      // A name met only while writing (never registered) still never shows: it gets the next number.
      let p = m.get(name);
      if (p === undefined) {
        p = `${PREFIX[kind]}-${m.size + 1}`;
        m.set(name, p);
      }
      return p;
    };
    return {
      redacts: true,
      namespace: lookup('namespace'),
      queue: lookup('queue'),
      job: lookup('job'),
      task: lookup('task'),
      node: lookup('node'),
      label: lookup('label'),
    };
  }

  rows(): RedactionRow[] {
    const table = this.freeze();
    const rows: RedactionRow[] = [];
    for (const kind of KINDS)
      for (const [original, pseudonym] of table.get(kind) as Map<string, string>)
        rows.push({ kind, original, pseudonym });
    return rows;
  }

  private freeze(): Map<RedactionKind, Map<string, string>> {
    if (this.table !== null) return this.table;
    this.table = new Map(
      KINDS.map((kind) => {
        const sorted = [...(this.names.get(kind) as Set<string>)].sort(byCodeUnits);
        return [kind, new Map(sorted.map((name, i) => [name, `${PREFIX[kind]}-${i + 1}`]))];
      }),
    );
    return this.table;
  }
}
