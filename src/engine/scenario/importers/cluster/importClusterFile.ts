/**
 * One entry for a cluster file (issue 19): KAI's `snapshot.zip` (or the bare `snapshot.json` in it), or a
 * Kubernetes YAML bundle (`kubectl get … -o yaml`, read by importKubernetesYaml), given as bytes, detected by
 * content (never by file name), to a scenario text with everything it could not map listed. Never throws
 * (docs/scenario-format.md §17, decisions 0150-0154).
 */
import { decodeScenarioBytes } from '../../scenarioBytes';
import { importKubernetesYaml, looksLikeKubernetesYaml } from '../importKubernetesYaml';
import { assembleSnapshotScenario, type AssembledSnapshot } from './assembleSnapshotScenario';
import { MAX_CLUSTER_FILE_BYTES, MAX_UNMAPPED_PATHS } from './clusterLimits';
import { isZip, readSnapshotBytes, readSnapshotBytesAsync, SnapshotReadError } from './readSnapshotBytes';
import { SnapshotReader } from './SnapshotReader';
import { SnapshotJsonError } from './splitSnapshotJson';
import { utf8Decoder } from './textDecoder';
import { redactScenarioNames, Redactor, registerScenarioNames } from './redaction';
import { writeScenarioYaml } from './writeScenarioYaml';
import { commentText } from '../commentText';
import type { UnmappedGroup } from './unmappedGroups';
import { blockOf, isProfile } from '../../../registry';

/** The scenario's queues: its `queues`, or the cards its profile's block derives (Kueue's, decision 0294). */
function queueCount(scenario: Record<string, unknown>): number {
  const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  const block = isProfile(scenario.profile) ? blockOf(scenario.profile) : null;
  if (block === null || scenario[block.key] === undefined) return count(scenario.queues);
  const read = block.read(scenario[block.key]);
  return block.queues(read.data)?.length ?? count(scenario.queues);
}

export type { RedactionRow } from './redaction';
export type { UnmappedGroup } from './unmappedGroups';
export { MAX_CLUSTER_FILE_BYTES } from './clusterLimits';

export interface ClusterImportProgress {
  phase: 'unzip' | 'read' | 'map' | 'write';
  done: number;
  total: number;
}
export interface ClusterImportOptions {
  fileName?: string;
  /** Replace namespaces, queues, jobs (pod groups), tasks (pods), nodes and label values by stable pseudonyms. */
  redact?: boolean;
  onProgress?: (p: ClusterImportProgress) => void;
}
/** One snapshot of a merge of several (§17.8): its file, the node pool it became and what it held. */
export interface MergedShard {
  file: string;
  pool: string;
  imported: AssembledSnapshot['imported'];
}

/**
 * The contract's result: what was imported, with where it came from (AssembledSnapshot documents the fields);
 * `shards` lists the snapshots of a merge (profiles/kai/nodePools/shardSnapshotBatch.ts), absent otherwise.
 */
export type ClusterImportResult =
  | ({ ok: true; source: 'kai-snapshot' | 'kubernetes-yaml'; shards?: MergedShard[] } & AssembledSnapshot)
  | { ok: false; errors: string[] };

/** How far to look for the snapshot's top-level keys in a bare JSON file. */
const SNIFF_BYTES = 64 * 1024;
const SNAPSHOT_KEY = /"(config|schedulerParams|rawObjects)"\s*:/;

function firstByte(bytes: Uint8Array): number {
  for (let i = 0; i < Math.min(bytes.length, SNIFF_BYTES); i++) {
    const c = bytes[i] as number;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return c;
  }
  return -1;
}

function sniffText(bytes: Uint8Array): string {
  return utf8Decoder(false).decode(bytes.subarray(0, SNIFF_BYTES));
}

/** True for a bare KAI snapshot JSON: an object whose first keys are the snapshot's. */
function looksLikeSnapshotJson(bytes: Uint8Array): boolean {
  return firstByte(bytes) === 0x7b && SNAPSHOT_KEY.test(sniffText(bytes));
}

/** True for a KAI snapshot: a zip, or the bare snapshot JSON (by content, never by file name). */
export function isKaiSnapshotFile(bytes: Uint8Array): boolean {
  return isZip(bytes) || looksLikeSnapshotJson(bytes);
}

/** Zip magic, KAI snapshot JSON, or Kubernetes YAML (or JSON) with `apiVersion` and `kind`. */
export function looksLikeClusterFile(bytes: Uint8Array): boolean {
  if (isZip(bytes) || looksLikeSnapshotJson(bytes)) return true;
  const head = sniffText(bytes);
  return (
    looksLikeKubernetesYaml(head) ||
    (firstByte(bytes) === 0x7b && /"apiVersion"\s*:/.test(head) && /"kind"\s*:/.test(head))
  );
}

export function importClusterBytes(
  bytes: Uint8Array,
  options: ClusterImportOptions = {},
): ClusterImportResult {
  const fileName = options.fileName ?? 'the file';
  try {
    const refused = refuseTooLarge(bytes, fileName);
    if (refused !== null) return refused;
    if (isZip(bytes) || looksLikeSnapshotJson(bytes)) {
      const reader = new SnapshotReader();
      const failed = readFailure(fileName, reader, () =>
        readSnapshotBytes(bytes, reader, progressOf(options)),
      );
      return failed ?? assembleRead(reader, fileName, options);
    }
    return importKubernetesBundle(bytes, fileName, options.redact === true);
  } catch (e) {
    return internalError(fileName, e);
  }
}

/**
 * {@link importClusterBytes} with the zip inflated by the platform's `DecompressionStream` where there is one
 * (browsers, Node 18+; fflate elsewhere): the same result for the same bytes, the inflate in native code
 * (decision 0170). Never rejects.
 */
export async function importClusterBytesAsync(
  bytes: Uint8Array,
  options: ClusterImportOptions = {},
): Promise<ClusterImportResult> {
  // Only a zip has something to inflate: bare JSON, YAML and refusals take the synchronous path.
  if (!isZip(bytes) || bytes.length > MAX_CLUSTER_FILE_BYTES) return importClusterBytes(bytes, options);
  const fileName = options.fileName ?? 'the file';
  try {
    const reader = new SnapshotReader();
    let failure: unknown = null;
    await readSnapshotBytesAsync(bytes, reader, progressOf(options)).catch((e: unknown) => {
      failure = e;
    });
    const failed = readFailure(fileName, reader, () => {
      if (failure !== null) throw failure;
    });
    return failed ?? assembleRead(reader, fileName, options);
  } catch (e) {
    return internalError(fileName, e);
  }
}

function refuseTooLarge(bytes: Uint8Array, fileName: string): ClusterImportResult | null {
  if (bytes.length <= MAX_CLUSTER_FILE_BYTES) return null;
  return {
    ok: false,
    errors: [
      `${fileName}: a cluster file is at most ${MAX_CLUSTER_FILE_BYTES} bytes (256 MiB, docs/scenario-format.md §17.4), this one has ${bytes.length}${isZip(bytes) ? '' : '; zip a snapshot.json (as /get-snapshot returns it)'}`,
    ],
  };
}

/** Nothing above is meant to throw; a bug still gives a message, never a stack trace. */
function internalError(fileName: string, e: unknown): ClusterImportResult {
  return {
    ok: false,
    errors: [`${fileName}: internal error while importing (${e instanceof Error ? e.message : String(e)})`],
  };
}

function progressOf(options: ClusterImportOptions) {
  const progress = options.onProgress ?? (() => undefined);
  return (phase: 'unzip' | 'read', done: number, total: number) => progress({ phase, done, total });
}

/** Runs `read`; a refusal of the zip or the JSON split becomes the result's errors (other throws go on). */
function readFailure(fileName: string, reader: SnapshotReader, read: () => void): ClusterImportResult | null {
  try {
    read();
  } catch (e) {
    if (e instanceof SnapshotReadError || e instanceof SnapshotJsonError)
      return { ok: false, errors: [`${fileName}: ${e.message}`, ...reader.errors] };
    throw e;
  }
  return null;
}

/** The scenario of a snapshot read whole into `reader`. */
function assembleRead(
  reader: SnapshotReader,
  fileName: string,
  options: ClusterImportOptions,
): ClusterImportResult {
  const progress = options.onProgress ?? (() => undefined);
  if (reader.errors.length > 0) return { ok: false, errors: reader.errors.map((m) => `${fileName}: ${m}`) };
  if (!reader.has('rawObjects'))
    return {
      ok: false,
      errors: [
        `${fileName}: no rawObjects: this JSON is not a KAI snapshot (snapshot.json of /get-snapshot)`,
      ],
    };
  progress({ phase: 'map', done: 0, total: 1 });
  const assembled = assembleSnapshotScenario(reader, { redact: options.redact === true, fileName });
  progress({ phase: 'write', done: 1, total: 1 });
  if (!assembled.ok) return assembled;
  return { ok: true, source: 'kai-snapshot', ...assembled.value };
}

function importKubernetesBundle(bytes: Uint8Array, fileName: string, redact: boolean): ClusterImportResult {
  const decoded = decodeScenarioBytes(bytes);
  if (!decoded.ok) return { ok: false, errors: [`${fileName}: ${decoded.error}`] };
  const result = importKubernetesYaml(decoded.text);
  if (!result.ok) return result;
  const scenario = result.scenario;
  const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  const jobs = Array.isArray(scenario.jobs) ? (scenario.jobs as Record<string, unknown>[]) : [];
  const tasks = jobs.reduce(
    (n, j) => n + (Array.isArray(j.tasks) ? j.tasks.length : typeof j.tasks === 'number' ? j.tasks : 1),
    0,
  );
  // The bundle's unmapped fields, grouped as a snapshot's are (what, reason, count, first paths).
  const groups = new Map<string, UnmappedGroup>();
  for (const u of result.unmapped) {
    const what = `${u.document.split('/')[0] ?? u.document} ${u.field.replace(/\.(\d+)(?=\.|$)/g, '[]')}`;
    let g = groups.get(what);
    if (g === undefined)
      groups.set(
        what,
        (g = { what, reason: u.reason ?? 'the simulator has no such input', count: 0, paths: [] }),
      );
    g.count++;
    if (g.paths.length < MAX_UNMAPPED_PATHS) g.paths.push(`${u.document}: ${u.field}`);
  }
  const imported = { nodes: count(scenario.nodes), queues: queueCount(scenario), jobs: jobs.length, tasks };
  if (!redact)
    return {
      ok: true,
      source: 'kubernetes-yaml',
      text: result.text,
      imported,
      unmapped: [...groups.values()],
      notes: result.notes,
      now: null,
      redaction: null,
    };
  return redactBundle(scenario, result.notes.length, [...groups.values()], imported, fileName);
}

/**
 * A Kubernetes YAML bundle, redacted as a snapshot is (redaction.ts): names and label values through the
 * pseudonyms, unmapped paths (`Kind/name: field`) through the namer of their kind, and the notes (free text
 * quoting names) only counted. A Preemption Lab export carries events, checks and lessons that name jobs
 * and nodes in free form: it is refused rather than half redacted.
 */
function redactBundle(
  scenario: Record<string, unknown>,
  noteCount: number,
  groups: UnmappedGroup[],
  imported: { nodes: number; queues: number; jobs: number; tasks: number },
  fileName: string,
): ClusterImportResult {
  const carried = ['events', 'expect', 'lesson', 'variants'].filter((k) => scenario[k] !== undefined);
  if (carried.length > 0)
    return {
      ok: false,
      errors: [
        `${fileName}: this is a Preemption Lab export with ${carried.join(', ')}, which name jobs and nodes freely; it cannot be redacted (import it without redaction)`,
      ],
    };
  const list = (k: string) => (Array.isArray(scenario[k]) ? (scenario[k] as Record<string, unknown>[]) : []);
  const [nodes, queues, jobs] = [list('nodes'), list('queues'), list('jobs')];
  const redactor = new Redactor();
  registerScenarioNames(redactor, nodes, queues, jobs);
  const namer = redactor.namer();
  redactScenarioNames(namer, nodes, queues, jobs);
  const KINDS: Record<string, (n: string) => string> = {
    Pod: namer.task,
    PodGroup: namer.job,
    Job: namer.job,
    Queue: namer.queue,
    Node: namer.node,
  };
  let other = 0;
  const show = (path: string) => {
    const m = /^([A-Za-z]+)\/(.*?): (.*)$/s.exec(path);
    if (m === null) return path.replace(/^(document \d+)(: .*)?$/s, '$1$2');
    const rename = KINDS[m[1] as string];
    return `${m[1]}/${rename === undefined ? `#${++other}` : rename(m[2] as string)}: ${m[3]}`;
  };
  const unmapped = groups.map((g) => ({ ...g, paths: g.paths.map(show) }));
  const notes = noteCount > 0 ? [`${noteCount} note(s) of the import are not shown: they quote names.`] : [];
  const header = [
    `# Imported from Kubernetes YAML (redacted): ${imported.nodes} nodes, ${imported.queues} queues, ${imported.jobs} jobs, ${imported.tasks} tasks.`,
    ...notes.map((n) => `# Note: ${n}`),
    ...unmapped.map((g) => `# Not mapped: ${commentText(`${g.what} (${g.count}): ${g.reason}`)}`),
  ];
  return {
    ok: true,
    source: 'kubernetes-yaml',
    text: writeScenarioYaml(header, scenario),
    imported,
    unmapped,
    notes,
    now: null,
    redaction: redactor.rows(),
  };
}
