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
import { CUSTOM_CLASS } from './menus';
import { rawScenario, type RawScenario } from './rawScenario';

/** At most this many sessions per generated scenario, so a property run stays fast. */
export const MAX_GENERATED_SESSIONS = 40;

export function buildScenarioDocument(raw: RawScenario): Record<string, unknown> {
  const queues = buildQueues(raw.queues);
  const rooms: NodeRoom[] = [];
  const nodes = raw.nodes.map((n, i) => {
    const built = buildNode(n, `n${i}`, true);
    rooms.push(...built.rooms);
    return built.doc;
  });
  const jobs = raw.jobs.map((j, i) =>
    buildJob(j, `j${i}`, { leaves: queues.leaves, customClass: raw.customClass, rooms }),
  );
  const periodMs = periodOf(raw.scheduler);
  const events = buildEvents(raw.events, {
    periodMs,
    leaves: queues.leaves,
    queues: queues.names,
    customClass: raw.customClass,
    jobs: jobs.map((j) => j['name'] as string),
    nodes: rooms.map((r) => r.name),
  });
  const doc: Record<string, unknown> = { version: 1, name: 'generated', profile: 'kai' };
  if (raw.customClass) doc['priorityClasses'] = [{ ...CUSTOM_CLASS }];
  if (raw.scheduler !== null) doc['scheduler'] = buildScheduler(raw.scheduler);
  doc['nodes'] = nodes;
  doc['queues'] = queues.docs;
  if (jobs.length > 0) doc['jobs'] = jobs;
  if (events.length > 0) doc['events'] = events;
  doc['run'] = raw.runByUntil
    ? { until: formatDuration((raw.runSessions - 1) * periodMs), maxSessions: MAX_GENERATED_SESSIONS }
    : { sessions: raw.runSessions };
  return doc;
}

/** The document as the text a person would write: YAML, or JSON (which the parser must accept too). */
export function scenarioText(raw: RawScenario, doc = buildScenarioDocument(raw)): string {
  return raw.asJson ? JSON.stringify(doc, null, 1) : stringify(doc);
}

/** Valid scenario documents with their text. */
export const scenarioDocument = rawScenario.map((raw) => {
  const doc = buildScenarioDocument(raw);
  return { raw, doc, text: scenarioText(raw, doc) };
});

export { rawScenario, fc };
