/**
 * `events`: timed changes. Each event has `at` and exactly one kind; its payload is normalised like the
 * section it changes (a submitted job like `jobs`, an added node like `nodes`, …).
 */
import type { QueuePatch, ScenarioEvent } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import type { FieldPath } from './fieldPath';
import { normaliseJob } from './normaliseJob';
import { normaliseNode } from './normaliseNode';
import { normaliseQueuePatch, type QueueResourcesPatch } from './normaliseQueue';
import { normaliseSchedulerPatch } from './normaliseScheduler';
import { readFields } from './readFields';
import { EVENT_FIELDS, EVENT_KINDS, type EventKind } from './schema';
import { suggest } from './suggest';

/** The normalised events, plus what the timeline check needs to finish `updateQueue` patches. */
export interface NormalisedEvents {
  events: ScenarioEvent[];
  /**
   * The `resources` written in each `updateQueue` patch, still partial: they are merged into the queue
   * as it stands when the event applies, which only the timeline check knows (checkEvents).
   */
  queueResources: Map<QueuePatch, QueueResourcesPatch>;
}

const KINDS: readonly string[] = EVENT_KINDS;

/** Normalises every event, in the order written (the simulator applies them in time order, stably). */
export function normaliseEvents(raw: readonly unknown[], ctx: NormaliseContext): NormalisedEvents {
  const out: NormalisedEvents = { events: [], queueResources: new Map() };
  raw.forEach((item, i) => normaliseEvent(item, ['events', i], ctx, out));
  return out;
}

function normaliseEvent(raw: unknown, path: FieldPath, ctx: NormaliseContext, out: NormalisedEvents): void {
  const unknownKinds: string[] = [];
  const f = readFields(raw, path, EVENT_FIELDS, ctx.sink, {
    required: ['at'],
    isExtraKey: (key) => {
      unknownKinds.push(key);
      return true;
    },
    what: 'an event ({at, <kind>: ...})',
  });
  if (f === null) return;
  const written = raw as Record<string, unknown>;
  for (const key of unknownKinds) {
    const guess = suggest(key, KINDS);
    ctx.sink.report(
      'unknown-event-kind',
      [...path, key],
      `unknown event kind ${JSON.stringify(key)} (expected one of ${KINDS.join(', ')})`,
      guess === null ? undefined : `Did you mean ${JSON.stringify(guess)}?`,
    );
  }
  const kinds = EVENT_KINDS.filter((k) => written[k] !== undefined && written[k] !== null);
  if (kinds.length === 0) {
    if (unknownKinds.length === 0) {
      ctx.sink.report('invalid-event', path, `the event has no kind (expected one of ${KINDS.join(', ')})`);
    }
    return;
  }
  if (kinds.length > 1) {
    ctx.sink.report(
      'invalid-event',
      path,
      `an event has exactly one kind, this one has ${kinds.join(' and ')}`,
    );
    return;
  }
  const kind = kinds[0] as EventKind;
  const atMs = f.at ?? 0;
  const payloadPath = [...path, kind];
  const push = (event: ScenarioEvent) => {
    ctx.origins.set(event, path);
    out.events.push(event);
  };
  switch (kind) {
    case 'submit': {
      const job = normaliseJob(written[kind], payloadPath, ctx, { submitted: true, submittedAtMs: atMs });
      if (job !== null) push({ atMs, kind, job });
      break;
    }
    case 'addNode':
      for (const node of normaliseNode(written[kind], payloadPath, ctx)) push({ atMs, kind, node });
      break;
    case 'deleteJob':
      if (f.deleteJob !== undefined) push({ atMs, kind, name: f.deleteJob });
      break;
    case 'removeNode':
      if (f.removeNode !== undefined) push({ atMs, kind, name: f.removeNode });
      break;
    case 'updateQueue': {
      const result = normaliseQueuePatch(written[kind], payloadPath, ctx);
      if (result === null) break;
      if (result.resources !== null) out.queueResources.set(result.patch, result.resources);
      push({ atMs, kind, patch: result.patch });
      break;
    }
    case 'updateConfig':
      push({ atMs, kind, patch: normaliseSchedulerPatch(written[kind], payloadPath, ctx) });
      break;
  }
}
