/**
 * fast-check arbitraries for VALID KAI scenario documents (the YAML/JSON object and its text), built from
 * `rawScenario` choices. See `docs/decisions/0010-property-tests.md` for what is covered and why.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import { formatDuration } from '../../model/duration';
import { buildEvents } from './buildEvents';
import { buildJob } from './buildJob';
import { buildNode, type NodeRoom } from './buildNodes';
import { buildQueues } from './buildQueues';
import { buildScheduler, periodOf } from './buildScheduler';
import { buildVariants } from './buildVariants';
import { buildWorkload } from './buildWorkload';
import { CUSTOM_CLASS, LINE_ENDS, at, generatorOf, profileMenu } from './menus';
import { rawScenario, type RawScenario } from './rawScenario';

/** At most this many sessions per generated scenario, so a property run stays fast. */
export const MAX_GENERATED_SESSIONS = 40;

export function buildScenarioDocument(raw: RawScenario): Record<string, unknown> {
  return buildScenario(raw).doc;
}

/** Whether the document's variants hold an out-of-range value (the parser must reject it there). */
export function variantOutOfRange(raw: RawScenario): boolean {
  return buildScenario(raw).variantOutOfRange;
}

/** What the parser must refuse in the document, and where (checkScenarioText's options). */
export function intendedRejections(raw: RawScenario): {
  variantOutOfRange: boolean;
  lateRunningJobs: number[];
} {
  const { variantOutOfRange, lateRunningJobs } = buildScenario(raw);
  return { variantOutOfRange, lateRunningJobs };
}

function buildScenario(raw: RawScenario): {
  doc: Record<string, unknown>;
  variantOutOfRange: boolean;
  lateRunningJobs: number[];
} {
  const profile = at(profileMenu(), raw.profile);
  const hooks = generatorOf(profile);
  const tree = hooks.queueTree(raw);
  const queues = buildQueues(raw.queues, profile, tree);
  const rooms: NodeRoom[] = [];
  const nodes = raw.nodes.map((n, i) => {
    const built = buildNode(n, `n${i}`, true);
    rooms.push(...built.rooms);
    return built.doc;
  });
  const built = raw.jobs.map((j, i) =>
    buildJob(j, `j${i}`, {
      leaves: queues.leaves,
      customClass: raw.customClass,
      // A profile whose jobs may not start Running gets no rooms: every job arrives Pending.
      rooms: hooks.startsRunning ? rooms : [],
      profile,
      keepLateRunning: raw.keepLateRunning,
    }),
  );
  const jobs = built.map((b) => b.doc);
  const lateRunningJobs = built.flatMap((b, i) => (b.lateRunning ? [i] : []));
  const periodMs = periodOf(raw.scheduler);
  const events = buildEvents(raw.events, {
    periodMs,
    leaves: queues.leaves,
    queues: queues.names,
    customClass: raw.customClass,
    profile,
    jobs: jobs.map((j) => j['name'] as string),
    nodes: rooms.map((r) => r.name),
  });
  const doc: Record<string, unknown> = { version: 1, name: 'generated', profile };
  if (raw.customClass) doc['priorityClasses'] = [{ ...CUSTOM_CLASS }];
  if (raw.scheduler !== null) doc['scheduler'] = buildScheduler(raw.scheduler, profile, tree);
  doc['nodes'] = nodes;
  doc['queues'] = queues.docs;
  if (jobs.length > 0) doc['jobs'] = jobs;
  if (events.length > 0) doc['events'] = events;
  doc['run'] = raw.runByUntil
    ? { until: formatDuration((raw.runSessions - 1) * periodMs), maxSessions: MAX_GENERATED_SESSIONS }
    : { sessions: raw.runSessions };
  if (raw.emptyExpect) doc['expect'] = [];
  if (raw.seed !== null) doc['seed'] = raw.seed;
  const workload = buildWorkload(raw.workload, {
    leaves: queues.leaves,
    profile,
    customClass: raw.customClass,
    spanMs: raw.runSessions * periodMs,
  });
  if (workload.length > 0) doc['workload'] = workload;
  const submitted = events.flatMap((e) => {
    const job = e['submit'] as { name: string } | undefined;
    return job === undefined ? [] : [job.name];
  });
  const variants = hooks.variants
    ? buildVariants(raw.variants, {
        profile,
        scheduler: doc['scheduler'] as Record<string, unknown> | undefined,
        queues: queues.names,
        jobs: [...jobs.map((j) => j['name'] as string), ...submitted],
        workload: workload.length > 0,
      })
    : { docs: [], outOfRange: false };
  if (variants.docs.length > 0) doc['variants'] = variants.docs;
  // The profile's own parts last (KAI: GPU memory, topology and node pools; Kueue: its block).
  hooks.finish?.(doc, raw);
  return { doc, variantOutOfRange: variants.outOfRange, lateRunningJobs };
}

/**
 * The text with the scenario's line ends: LF as generated, CRLF, lone CR, or a mix (line k ends with the
 * (k mod 3)-th of LF, CRLF, CR), which every reader must read as the LF text.
 */
export function withLineEnds(text: string, lineEnds: number): string {
  const kind = at(LINE_ENDS, lineEnds);
  if (kind === 'lf') return text;
  if (kind === 'crlf') return text.replace(/\n/g, '\r\n');
  if (kind === 'cr') return text.replace(/\n/g, '\r');
  let k = 0;
  return text.replace(/\n/g, () => ['\n', '\r\n', '\r'][k++ % 3] as string);
}

/** The document as the text a person would write: YAML, or JSON (which the parser must accept too). */
export function scenarioText(raw: RawScenario, doc = buildScenarioDocument(raw)): string {
  return withLineEnds(raw.asJson ? JSON.stringify(doc, null, 1) : stringify(doc), raw.lineEnds);
}

/** Valid scenario documents with their text. */
export const scenarioDocument = rawScenario.map((raw) => {
  const doc = buildScenarioDocument(raw);
  return { raw, doc, text: scenarioText(raw, doc) };
});

export { rawScenario, fc };
