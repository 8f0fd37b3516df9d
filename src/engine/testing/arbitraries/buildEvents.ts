/**
 * Timed events of every kind (submit, deleteJob, addNode, removeNode, updateQueue, updateConfig), aimed at
 * things that exist at the event's time: events are resolved in time order, so a deleteJob names a job
 * that is in the cluster then and a removeNode a node that is there.
 */
import { formatDuration } from '../../model/duration';
import { buildJob } from './buildJob';
import { buildNode } from './buildNodes';
import { queueFields } from './buildQueues';
import { buildScheduler } from './buildScheduler';
import { at, generatorOf, type GeneratedProfile } from './menus';
import type { RawEvent } from './rawScenario';

export interface EventContext {
  periodMs: number;
  leaves: readonly string[];
  queues: readonly string[];
  customClass: boolean;
  profile: GeneratedProfile;
  /** Jobs and node names present at t=0 (mutated while resolving). */
  jobs: string[];
  nodes: string[];
}

export function buildEvents(raw: readonly RawEvent[], ctx: EventContext): Record<string, unknown>[] {
  // Events land on session times, or half a period after one (applied before the next session).
  const timed = raw.map((e, i) => ({
    e,
    i,
    atMs: e.at * ctx.periodMs + (e.pick % 3 === 2 ? Math.floor(ctx.periodMs / 2) : 0),
  }));
  const ordered = timed.sort((a, b) => a.atMs - b.atMs || a.i - b.i);
  const out: Record<string, unknown>[] = [];
  for (const { e, i, atMs } of ordered) {
    const event: Record<string, unknown> = { at: formatDuration(atMs) };
    switch (e.kind) {
      case 0: {
        const name = `sub${i}`;
        event['submit'] = buildJob(e.job, name, {
          leaves: ctx.leaves,
          customClass: ctx.customClass,
          rooms: null,
          profile: ctx.profile,
        }).doc;
        ctx.jobs.push(name);
        break;
      }
      case 1: {
        if (ctx.jobs.length === 0) continue;
        const name = at(ctx.jobs, e.pick);
        ctx.jobs.splice(ctx.jobs.indexOf(name), 1);
        event['deleteJob'] = name;
        break;
      }
      case 2: {
        const name = `added${i}`;
        event['addNode'] = buildNode(e.node, name, false).doc;
        ctx.nodes.push(name);
        break;
      }
      case 3: {
        if (ctx.nodes.length === 0) continue;
        const name = at(ctx.nodes, e.pick);
        ctx.nodes.splice(ctx.nodes.indexOf(name), 1);
        event['removeNode'] = name;
        break;
      }
      case 4:
        // A profile whose queues are derived from its own block takes no `updateQueue` (§27).
        if (!generatorOf(ctx.profile).queueEvents) continue;
        event['updateQueue'] = { name: at(ctx.queues, e.pick), ...queueFields(e.queue, ctx.profile) };
        break;
      default:
        event['updateConfig'] = buildScheduler(e.scheduler, ctx.profile);
    }
    out.push(event);
  }
  return out;
}
