/**
 * The capacity plugin's ReclaimableFn (volcano `plugins/capacity/capacity.go:459-604` @ed72c7c8). The
 * candidates are walked in victim order (`ssn.BuildVictimsPriorityQueue`); one is a victim when taking it
 * keeps its queue's guarantee, and either it uses nothing the queue's deserved names (an "immediate
 * victim") or the queue is above deserved on a dimension it uses. Each victim is taken off a running copy
 * of its queue's allocation, so later candidates of the same queue see less. With `ancestorReclaimLevel`
 * (tree only), each of the victim's ancestors up to that level that the reclaimer does not share must be
 * above its deserved too.
 */
import { addInto, type Resources } from '../../../../model/resources';
import type { TaskInfo } from '../../api/JobInfo';
import { victimQueue } from '../../framework/victims';
import type { VictimVote } from '../../framework/points';
import type { VolcanoSession } from '../../framework/Session';
import { aboveOnRelevant, fmtRes, intersection, keepsGuarantee } from './checks';
import type { CapacityAttr } from './queueAttrs';
import { reclaimeeAncestorToCheck, sharesAncestorWithin } from './tree';

export function reclaimVictims(
  ssn: VolcanoSession,
  attrs: ReadonlyMap<string, CapacityAttr>,
  level: number,
  reclaimer: TaskInfo,
  candidates: readonly TaskInfo[],
): VictimVote {
  const reclaimerAttr = attrs.get(reclaimer.job.queue);
  if (!reclaimerAttr)
    return { victims: [], abstain: false, message: `queue ${reclaimer.job.queue} has no capacity figures` };
  const running = new Map<string, Resources>();
  const allocation = (a: CapacityAttr): Resources => {
    let r = running.get(a.name);
    if (!r) {
      r = { ...a.allocated };
      running.set(a.name, r);
    }
    return r;
  };
  const heap = victimQueue(ssn, reclaimer);
  for (const c of candidates) heap.push(c);
  const victims: TaskInfo[] = [];
  const notes: string[] = [];
  for (let c = heap.pop(); c !== undefined; c = heap.pop()) {
    const attr = attrs.get(c.job.queue);
    if (!attr) continue;
    // shouldSkipReclaimee (capacity.go:1848-1857): no resource in common with the reclaimer (pods aside).
    if (intersection(c.req, reclaimer.req).filter((n) => n !== 'pods').length === 0) {
      notes.push(`${c.name} uses nothing ${reclaimer.name} asks for`);
      continue;
    }
    const allocated = allocation(attr);
    if (!keepsGuarantee(allocated, c.req, attr.guarantee)) {
      notes.push(
        `${c.name} stays: queue ${attr.name} would fall below its guarantee ${fmtRes(attr.guarantee)}`,
      );
      continue;
    }
    const immediate = intersection(c.req, attr.deserved).length === 0;
    if (immediate) {
      // capacity.go:524-533: under a shared non-root ancestor, an immediate victim is kept when the
      // reclaimer's own queue names none of what it asks for.
      if (
        level > 0 &&
        sharesAncestorWithin(reclaimerAttr, attr, level) &&
        intersection(reclaimer.req, reclaimerAttr.deserved).length === 0
      ) {
        notes.push(
          `${c.name} stays: ${reclaimer.name}'s queue deserves nothing it asks for, under a shared ancestor`,
        );
        continue;
      }
    } else {
      const dims = aboveOnRelevant(allocated, attr.deserved, attr.deservedGpu, c.req);
      if (dims.length === 0) {
        notes.push(
          `${c.name} stays: queue ${attr.name} has ${fmtRes(allocated)} allocated, not above its deserved ${fmtRes(attr.deserved)} in anything ${c.name} uses`,
        );
        continue;
      }
    }
    const ancestors: Resources[] = [];
    let blockedBy: string | null = null;
    for (let l = 1; l <= level; l++) {
      const id = reclaimeeAncestorToCheck(reclaimerAttr, attr, l);
      if (id === null) continue;
      const anc = attrs.get(id) as CapacityAttr;
      const ancAllocated = allocation(anc);
      ancestors.push(ancAllocated);
      if (intersection(c.req, anc.deserved).length === 0) continue;
      if (aboveOnRelevant(ancAllocated, anc.deserved, anc.deservedGpu, c.req).length === 0) {
        blockedBy = anc.name;
        break;
      }
    }
    if (blockedBy !== null) {
      notes.push(`${c.name} stays: its ancestor queue ${blockedBy} is not above its deserved`);
      continue;
    }
    addInto(allocated, c.req, -1);
    for (const a of ancestors) addInto(a, c.req, -1);
    victims.push(c);
  }
  const message =
    (victims.length > 0
      ? `capacity lets ${victims.map((v) => v.name).join(', ')} go (their queues are above deserved where they use resources)`
      : 'capacity lets nothing go') + (notes.length > 0 ? `; ${notes.join('; ')}` : '');
  return { victims, abstain: false, message };
}
