/**
 * Redaction (issue 19 part 2): every namespace, queue, job, task, node and label value gets a stable,
 * deterministic pseudonym (`queue-1`, `node-12`, …): the names of each kind are sorted (by UTF-16 code
 * units, locale-free) and numbered from 1 in that order, so the same snapshot always gives the same
 * pseudonyms, whatever order its lists come in. Applied before any text is produced; the translation
 * table is returned apart (decision 0153).
 */
import { isData, type Data } from '../FieldTracker';
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

/** Registers every name and label value of a scenario's nodes, queues and jobs (their tasks included). */
export function registerScenarioNames(r: Redactor, nodes: Data[], queues: Data[], jobs: Data[]): void {
  const values = (m: unknown) => {
    if (isData(m)) for (const v of Object.values(m)) r.add('label', String(v));
  };
  for (const node of nodes) {
    r.add('node', String(node.name));
    values(node.labels);
  }
  for (const q of queues) r.add('queue', String(q.name));
  for (const job of jobs) {
    r.add('job', String(job.name));
    if (typeof job.namespace === 'string') r.add('namespace', job.namespace);
    if (Array.isArray(job.tasks))
      for (const t of job.tasks as unknown[]) {
        if (!isData(t)) continue;
        if (typeof t.name === 'string') r.add('task', t.name);
        values(t.nodeSelector);
      }
  }
}

/** Replaces every name and label value of the scenario's nodes, queues and jobs by its pseudonym, in place. */
export function redactScenarioNames(n: Namer, nodes: Data[], queues: Data[], jobs: Data[]): void {
  const values = (m: unknown): Data | undefined =>
    isData(m) ? Object.fromEntries(Object.entries(m).map(([k, v]) => [k, n.label(String(v))])) : undefined;
  for (const node of nodes) {
    node.name = n.node(String(node.name));
    if (node.labels !== undefined) node.labels = values(node.labels);
  }
  for (const q of queues) {
    q.name = n.queue(String(q.name));
    if (typeof q.parent === 'string') q.parent = n.queue(q.parent);
  }
  for (const job of jobs) {
    job.name = n.job(String(job.name));
    job.queue = n.queue(String(job.queue));
    if (typeof job.namespace === 'string') job.namespace = n.namespace(job.namespace);
    if (!Array.isArray(job.tasks)) continue;
    for (const t of job.tasks as unknown[]) {
      if (!isData(t)) continue;
      if (typeof t.name === 'string') t.name = n.task(t.name);
      if (typeof t.node === 'string') t.node = n.node(t.node);
      if (t.nodeSelector !== undefined) t.nodeSelector = values(t.nodeSelector);
    }
  }
}
