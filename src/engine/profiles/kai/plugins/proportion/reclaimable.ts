/**
 * Proportion's reclaim rules (KAI `plugins/proportion/reclaimable/reclaimable.go`, `strategies.go`):
 * - the gate `CanReclaimResources`: the reclaimer's leaf queue must stay within its fair share after the
 *   request (and, for a non-preemptible job, within quota);
 * - the scenario validator: for every victim chunk, checked before the chunk is subtracted, one of two
 *   strategies must hold on the victim-side queue just below the lowest common ancestor
 *   (MaintainFairShare: it is above its fair share; GuaranteeDeservedQuota: the reclaimer side is within
 *   quota and the victim side above quota); then the saturation check and the non-preemptible quota rule.
 * Every verdict carries the numbers it compared, so the UI can show them.
 */
import { noGpuCapacityNote, usageAsOf } from '../../../../model/timeAwareNotes';
import { podSetsOf } from '../../framework/subGroupTree';
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { QueueInfo } from '../../framework/QueueInfo';
import type { Session } from '../../framework/Session';
import { sumRequest } from '../../framework/tasksToAllocate';
import type { VictimScenario } from '../../framework/extensions';
import { EPSILON, QUEUE_RESOURCE_NAMES, type QueueResources } from '../../../../model/resources';
import type { Verdict } from '../../../../model/trace';
import type { GateDetail, QueueFigures, ReclaimableDetail, SaturationDetail } from '../../trace';
import { allocatableShare, zeroQ, type AttemptEpoch, type QueueShare } from './queueShares';

const NAME = 'proportion';

/**
 * Upstream reads `relcaimerSaturationMultiplier` (sic); the fairness doc calls it
 * `reclaimerUtilizationMultiplier`. The code's key wins; the documented one is accepted too so that a
 * scenario copied from the docs still does what its author meant. Values below 1 become 1.
 */
export function parseSaturationMultiplier(args: Record<string, unknown>): number {
  const raw = args['relcaimerSaturationMultiplier'] ?? args['reclaimerUtilizationMultiplier'];
  const v = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isFinite(v) && v >= 1 ? v : 1;
}

const le = (a: QueueResources, b: QueueResources): boolean =>
  QUEUE_RESOURCE_NAMES.every((r) => a[r] <= b[r] + EPSILON);

function figures(s: QueueShare, allocated: QueueResources): QueueFigures {
  return {
    queue: s.queue.name,
    allocated: { ...allocated },
    quota: { ...s.quota },
    fairShare: { ...s.fairShare },
    allocatableShare: {
      gpu: allocatableShare(s, 'gpu'),
      cpu: allocatableShare(s, 'cpu'),
      memory: allocatableShare(s, 'memory'),
    },
  };
}

const quotaCache = new WeakMap<QueueShare, QueueResources>();

/** Quota with −1 read as unlimited. */
/**
 * KAI canBeDeservedQuotaReclaimCandidate (filter_victims.go:35 @d5bc503): over the resources the reclaimer
 * asks for (unlimited quotas skipped), the victim's queue is a candidate when it is above its deserved quota
 * in one of them, or below it in none.
 */
function deservedQuotaCandidate(req: QueueResources, vs: QueueShare): boolean {
  let under = false;
  for (const r of QUEUE_RESOURCE_NAMES) {
    if (req[r] <= 0 || vs.quota[r] === -1) continue;
    if (vs.allocated[r] > vs.quota[r] + EPSILON) return true;
    if (vs.allocated[r] < vs.quota[r] - EPSILON) under = true;
  }
  return !under;
}

/** Above its deserved quota in some resource the reclaimer asks for (unlimited quotas skipped). */
function aboveQuota(req: QueueResources, vs: QueueShare): boolean {
  return QUEUE_RESOURCE_NAMES.some(
    (r) => req[r] > 0 && vs.quota[r] !== -1 && vs.allocated[r] > vs.quota[r] + EPSILON,
  );
}

function quotaOf(s: QueueShare): QueueResources {
  let out = quotaCache.get(s);
  if (!out) {
    out = zeroQ();
    for (const r of QUEUE_RESOURCE_NAMES) out[r] = s.quota[r] === -1 ? Infinity : s.quota[r];
    quotaCache.set(s, out);
  }
  return out;
}

export function registerReclaim(
  ssn: Session,
  shares: Map<QueueInfo, QueueShare>,
  multiplier: number,
  jobRequest: (job: JobInfo) => QueueResources,
  generation: () => number,
  epoch: AttemptEpoch,
): void {
  /**
   * Victims dropped before the victim search, as KAI's proportion FilterVictim does (PR #1764 after issue
   * #1750: such a victim could anchor the victim order and abandon a valid reclaim; KAI
   * pkg/scheduler/plugins/proportion/reclaimable/filter_victims.go:14 @d5bc503). With the reclaimer's leveled
   * queue going over its deserved quota only MaintainFairShare could hold, so the victim's leveled queue must
   * be above its fair share; otherwise the victim's queue is a candidate unless it is below its deserved quota
   * in a resource the reclaimer asks for and above it in none (a queue exactly at quota stays a candidate:
   * consolidating reclaim may still move its jobs).
   */
  const strategies = (reclaimer: JobInfo, victimQueue: QueueInfo) => {
    const [rq, vq] = leveled(reclaimer.queue, victimQueue);
    const rs = shares.get(rq) as QueueShare;
    const vs = shares.get(vq) as QueueShare;
    const req = jobRequest(reclaimer);
    const after = zeroQ();
    for (const r of QUEUE_RESOURCE_NAMES) after[r] = rs.allocated[r] + req[r];
    const maintainFairShare = !le(vs.allocated, vs.share);
    const guaranteeDeservedQuota = le(after, quotaOf(rs)) && !le(vs.allocated, quotaOf(vs));
    return { rs, vs, req, maintainFairShare, guaranteeDeservedQuota };
  };
  /** Whether FilterVictim keeps the victims of `victimQueue` for `reclaimer` (asked once per queue pair). */
  const strategiesAllow = (reclaimer: JobInfo, victimQueue: QueueInfo): boolean => {
    const [rq, vq] = leveled(reclaimer.queue, victimQueue);
    const vs = shares.get(vq) as QueueShare;
    const rs = shares.get(rq) as QueueShare;
    const req = jobRequest(reclaimer);
    const rQuota = quotaOf(rs);
    const reclaimerFitsQuota = QUEUE_RESOURCE_NAMES.every(
      (r) => rs.allocated[r] + req[r] <= rQuota[r] + EPSILON,
    );
    if (!reclaimerFitsQuota) return !le(vs.allocated, vs.share);
    return deservedQuotaCandidate(req, vs);
  };
  // The verdict depends only on the reclaimer and the victim's queue, until some allocation changes.
  let cachedGeneration = -1;
  let cache = new Map<JobInfo, Map<QueueInfo, boolean>>();
  const allowsQueue = (reclaimer: JobInfo, victimQueue: QueueInfo): boolean => {
    if (cachedGeneration !== generation()) {
      cache = new Map();
      cachedGeneration = generation();
    }
    let byQueue = cache.get(reclaimer);
    if (!byQueue) {
      byQueue = new Map();
      cache.set(reclaimer, byQueue);
    }
    let ok = byQueue.get(victimQueue);
    if (ok === undefined) {
      ok = strategiesAllow(reclaimer, victimQueue);
      byQueue.set(victimQueue, ok);
    }
    return ok;
  };
  ssn.register('reclaimVictimFilter', {
    allows: (reclaimer, victim) => allowsQueue(reclaimer, victim.queue),
    allowsQueue: (reclaimer, victimQueue) => allowsQueue(reclaimer, victimQueue),
    explain: (reclaimer, victim) => {
      const { rs, vs, req, maintainFairShare, guaranteeDeservedQuota } = strategies(reclaimer, victim.queue);
      const allowed = strategiesAllow(reclaimer, victim.queue);
      const rQuota = quotaOf(rs);
      const reclaimerFitsQuota = QUEUE_RESOURCE_NAMES.every(
        (r) => rs.allocated[r] + req[r] <= rQuota[r] + EPSILON,
      );
      return {
        plugin: NAME,
        point: 'reclaimVictimFilter',
        allowed,
        message: allowed
          ? reclaimerFitsQuota
            ? `${vs.queue.name} is ${aboveQuota(req, vs) ? 'above' : 'at'} its quota in what ${reclaimer.name} asks for and ${rs.queue.name} stays within its own${aboveQuota(req, vs) ? '' : ' (consolidating reclaim may still move its jobs)'}: ${victim.name} may be reclaimed.`
            : `${vs.queue.name} is above its fair share: ${victim.name} may be reclaimed.`
          : reclaimerFitsQuota
            ? `${vs.queue.name} (holding ${show(vs.allocated)}) is below its quota ${show(vs.quota)} in what ${reclaimer.name} asks for and above it in none: no reclaim can take ${victim.name}.`
            : `${rs.queue.name} would go over its quota, and ${vs.queue.name} (holding ${show(vs.allocated)}) is not above its fair share ${show(vs.share)}: no reclaim can take ${victim.name}.`,
        profileDetail: {
          profile: 'kai',
          type: 'reclaimable',
          chunk: victim.tasks
            .filter((t) => t.status === 'Running' || t.status === 'Allocated')
            .map((t) => t.name),
          reclaimerLevel: figures(rs, rs.allocated),
          victimLevel: figures(vs, vs.allocated),
          request: req,
          maintainFairShare,
          guaranteeDeservedQuota,
        } satisfies ReclaimableDetail,
      };
    },
  });

  /**
   * Allocation (and its non-preemptible part) of every queue when the current job's attempt started,
   * before anything was simulated (KAI OnJobSolutionStart clone, read by the validator). Upstream clones
   * every queue; here a queue's figures are copied only when the attempt first changes them (track in
   * proportion.ts), and an unchanged queue's live figures are its start figures: the same numbers without
   * copying 100 queues for each of 80,000 attempts (issue 13).
   */
  ssn.register('jobSolutionStart', () => {
    epoch.value++;
  });
  const atAttemptStart: AttemptStart = {
    allocated: (s) => (s.atAttemptStart.epoch === epoch.value ? s.atAttemptStart.allocated : s.allocated),
    allocatedNonPreemptible: (s) =>
      s.atAttemptStart.epoch === epoch.value
        ? s.atAttemptStart.allocatedNonPreemptible
        : s.allocatedNonPreemptible,
  };

  ssn.register('canReclaim', (job, tasks) => {
    const s = shares.get(job.queue) as QueueShare;
    const req = sumRequest(tasks);
    const after = zeroQ();
    for (const r of QUEUE_RESOURCE_NAMES) after[r] = s.allocated[r] + req[r];
    const detail: GateDetail = {
      profile: 'kai',
      type: 'gate',
      queue: job.queue.name,
      allocated: { ...s.allocated },
      request: req,
      fairShare: { ...s.fairShare },
      quota: { ...s.quota },
    };
    if (!le(after, s.fairShare)) {
      return {
        plugin: NAME,
        point: 'canReclaimResources',
        allowed: false,
        message: `Queue ${job.queue.name} would go above its fair share (${show(s.allocated)} allocated + ${show(req)} requested > fair share ${show(s.fairShare)}), so it may not reclaim.${usageNote(ssn, job.queue.name)}`,
        profileDetail: detail,
      };
    }
    if (!job.preemptible) {
      const np = zeroQ();
      for (const r of QUEUE_RESOURCE_NAMES) np[r] = s.allocatedNonPreemptible[r] + req[r];
      if (!le(np, quotaOf(s))) {
        return {
          plugin: NAME,
          point: 'canReclaimResources',
          allowed: false,
          message: `${job.name} is non-preemptible and would take queue ${job.queue.name} above its quota.`,
          profileDetail: detail,
        };
      }
    }
    return {
      plugin: NAME,
      point: 'canReclaimResources',
      allowed: true,
      message: `Queue ${job.queue.name} stays within its fair share (${show(after)} ≤ ${show(s.fairShare)}), so it may reclaim.${usageNote(ssn, job.queue.name)}`,
      profileDetail: detail,
    };
  });

  ssn.register('reclaimScenarioValidator', (scenario) =>
    validate(ssn, shares, atAttemptStart, scenario, multiplier),
  );
}

/**
 * With time-based fair share, the gate's fair share already carries the usage penalty: say how much of the
 * cluster the queue used and what its fair share would be without usage history (empty when usage is off).
 */
function usageNote(ssn: Session, queue: string): string {
  const t = ssn.timeAware.get(queue);
  if (t === undefined) return '';
  const used = QUEUE_RESOURCE_NAMES.filter((r) => r === 'gpu' || t.usage[r] > 0)
    .map((r) => `${(t.usage[r] * 100).toFixed(1)}% of the cluster's ${r}`)
    .join(', ');
  const asOf = usageAsOf(t);
  const quirk = noGpuCapacityNote(t);
  return ` Its fair share weighs usage history (kValue ${t.kValue}): it used ${used} over the usage window${asOf === '' ? '' : `, ${asOf}`}; without usage history its fair share would be ${show(t.fairShareWithoutUsage)}.${quirk === '' ? '' : ` ${quirk}`}`;
}

/**
 * A job's core tasks: its first minAvailable active tasks; with subgroups, the first minMember of each pod
 * set (KAI proportion.go:197 splitVictimTasks @d5bc503 splits per subgroup).
 */
function coreTasks(job: JobInfo, active: readonly TaskInfo[]): Set<TaskInfo> {
  const tree = job.subGroupTree;
  if (tree === null) return new Set(active.slice(0, job.minAvailable));
  const out = new Set<TaskInfo>();
  for (const ps of podSetsOf(tree)) {
    const mine = new Set(ps.tasks);
    for (const t of active.filter((a) => mine.has(a)).slice(0, ps.minMember)) out.add(t);
  }
  return out;
}

/** Victim tasks grouped into chunks: per job, the first minAvailable tasks are one core chunk, the rest one each. */
function chunksOf(victims: readonly TaskInfo[], ssn: Session): TaskInfo[][] {
  const byJob = new Map<JobInfo, TaskInfo[]>();
  for (const t of victims) {
    const list = byJob.get(t.job) ?? [];
    list.push(t);
    byJob.set(t.job, list);
  }
  const chunks: TaskInfo[][] = [];
  for (const [job, tasks] of byJob) {
    const all = job.tasks
      .filter((t) => t.openStatus === 'Running' || t.openStatus === 'Allocated')
      .sort(ssn.compareTasks);
    const core = coreTasks(job, all);
    const coreChunk = tasks.filter((t) => core.has(t));
    const elastic = tasks.filter((t) => !core.has(t));
    for (const t of elastic) chunks.push([t]);
    if (coreChunk.length > 0) chunks.push(coreChunk);
  }
  return chunks;
}

/** Queue figures as they were when a job's attempt started (KAI `OnJobSolutionStart`). */
interface AttemptStart {
  allocated: (s: QueueShare) => QueueResources;
  allocatedNonPreemptible: (s: QueueShare) => QueueResources;
}

function validate(
  ssn: Session,
  shares: Map<QueueInfo, QueueShare>,
  attemptStart: AttemptStart,
  scenario: VictimScenario,
  multiplier: number,
): Verdict[] {
  const startOf = (q: QueueInfo): QueueResources => attemptStart.allocated(shares.get(q) as QueueShare);
  const verdicts: Verdict[] = [];
  const reclaimer = scenario.preemptor;
  const req = sumRequest(scenario.preemptorTasks);
  const remaining = new Map<QueueInfo, QueueResources>();
  const alloc = (q: QueueInfo): QueueResources => {
    let r = remaining.get(q);
    if (!r) {
      r = { ...startOf(q) };
      remaining.set(q, r);
    }
    return r;
  };
  // With consolidating reclaim (KAI default), victims still active after the simulation are not reclaimed.
  const evicted = scenario.victimTasks.filter(
    (t) => t.status === 'Releasing' || (t.status === 'Pipelined' && t.movedFrom),
  );
  const movedOnly = scenario.victimTasks.filter((t) => t.status === 'Pipelined' && t.movedFrom);
  const reclaimed = evicted.filter((t) => !movedOnly.includes(t));
  const victimSide = new Set<QueueInfo>();

  for (const chunk of chunksOf(reclaimed, ssn)) {
    const victimLeaf = (chunk[0] as TaskInfo).job.queue;
    const [reclaimerLevel, victimLevel] = leveled(reclaimer.queue, victimLeaf);
    for (const q of victimLeaf.path) victimSide.add(q);
    const rs = shares.get(reclaimerLevel) as QueueShare;
    const vs = shares.get(victimLevel) as QueueShare;
    const R = alloc(victimLevel);
    const rAlloc = alloc(reclaimerLevel);
    const vShare: QueueResources = {
      gpu: allocatableShare(vs, 'gpu'),
      cpu: allocatableShare(vs, 'cpu'),
      memory: allocatableShare(vs, 'memory'),
    };
    const maintainFairShare = !le(R, vShare);
    const reclaimerAfter = zeroQ();
    for (const r of QUEUE_RESOURCE_NAMES) reclaimerAfter[r] = rAlloc[r] + req[r];
    const guaranteeDeservedQuota = le(reclaimerAfter, quotaOf(rs)) && !le(R, quotaOf(vs));
    const allowed = maintainFairShare || guaranteeDeservedQuota;
    const detail: ReclaimableDetail = {
      profile: 'kai',
      type: 'reclaimable',
      chunk: chunk.map((t) => t.name),
      reclaimerLevel: figures(rs, rAlloc),
      victimLevel: figures(vs, R),
      request: req,
      maintainFairShare,
      guaranteeDeservedQuota,
    };
    verdicts.push({
      plugin: NAME,
      point: 'reclaimable',
      allowed,
      message: allowed
        ? maintainFairShare
          ? `${victimLevel.name} holds ${show(R)}, above its fair share ${show(vShare)} (MaintainFairShare), so ${chunk.map((t) => t.name).join(', ')} may be reclaimed by ${reclaimer.queue.name}.`
          : `${reclaimerLevel.name} stays within its quota (${show(reclaimerAfter)} ≤ ${show(rs.quota)}) and ${victimLevel.name} holds ${show(R)}, above its quota ${show(vs.quota)} (GuaranteeDeservedQuota).`
        : `Neither strategy allows taking ${chunk.map((t) => t.name).join(', ')}: ${victimLevel.name} holds ${show(R)}, not above its fair share ${show(vShare)}, and ${guaranteeText(reclaimerLevel.name, reclaimerAfter, rs, victimLevel.name, R, vs)}.`,
      profileDetail: detail,
    });
    if (!allowed) return verdicts;
    // Victims free what they hold on their nodes (getVictimResources, proportion.go:172-195, reading
    // AcceptedResourceVector at :235 @d5bc503: a GPU-memory portion rounded up to the hundredth, `quotaOn`).
    const freed = sumRequest(chunk, (t) => t.heldQuota);
    for (const q of victimLeaf.path) {
      const a = alloc(q);
      for (const r of QUEUE_RESOURCE_NAMES) a[r] -= freed[r];
    }
  }

  // Saturation: a reclaimer ending above its fair share must end less saturated than every sibling it takes from.
  for (const q of [...reclaimer.queue.path].reverse()) {
    const siblings = (q.parent ? q.parent.children : ssn.roots).filter((s) => s !== q && victimSide.has(s));
    if (siblings.length === 0) continue;
    const s = shares.get(q) as QueueShare;
    const a = alloc(q);
    for (const sib of siblings) {
      const ss = shares.get(sib) as QueueShare;
      const sibAlloc = alloc(sib);
      for (const r of QUEUE_RESOURCE_NAMES) {
        if (req[r] <= EPSILON && startOf(sib)[r] - sibAlloc[r] <= EPSILON) continue;
        const A = a[r] + req[r];
        const ratio = s.fairShare[r] <= EPSILON ? (A > EPSILON ? Infinity : 0) : A / s.fairShare[r];
        const sibRatio =
          ss.fairShare[r] <= EPSILON ? (sibAlloc[r] > EPSILON ? Infinity : 0) : sibAlloc[r] / ss.fairShare[r];
        if (ratio > 1 + EPSILON && ss.fairShare[r] > EPSILON && multiplier * ratio >= sibRatio - EPSILON) {
          const detail: SaturationDetail = {
            profile: 'kai',
            type: 'saturation',
            queue: q.name,
            sibling: sib.name,
            resource: r,
            reclaimerRatio: ratio,
            siblingRatio: sibRatio,
            multiplier,
          };
          verdicts.push({
            plugin: NAME,
            point: 'reclaimSaturation',
            allowed: false,
            message: `${q.name} would end at ${ratioText(ratio)} of its ${r} fair share, not below ${sib.name}'s ${ratioText(sibRatio)}: a reclaimer above its fair share must end less saturated than the queue it takes from.`,
            profileDetail: detail,
          });
          return verdicts;
        }
      }
    }
  }

  // A non-preemptible reclaimer stays within quota at every level. The figures are the ones copied when
  // the attempt started: the live ones already hold the preemptor's simulated placement, which would
  // count its request twice.
  if (!reclaimer.preemptible) {
    for (const q of reclaimer.queue.path) {
      const s = shares.get(q) as QueueShare;
      const np = attemptStart.allocatedNonPreemptible(s);
      for (const r of QUEUE_RESOURCE_NAMES) {
        if (s.quota[r] !== -1 && np[r] + req[r] > s.quota[r] + EPSILON) {
          verdicts.push({
            plugin: NAME,
            point: 'reclaimable',
            allowed: false,
            message: `${reclaimer.name} is non-preemptible and would take ${q.name} above its ${r} quota: ${formatAmount(r, np[r])} non-preemptible allocated + ${formatAmount(r, req[r])} requested > quota ${formatAmount(r, s.quota[r])}.`,
          });
          return verdicts;
        }
      }
    }
  }
  return verdicts;
}

/** The two queues just below the lowest common ancestor (the two top-level queues for different trees). */
export function leveled(reclaimerLeaf: QueueInfo, victimLeaf: QueueInfo): [QueueInfo, QueueInfo] {
  const a = reclaimerLeaf.path;
  const b = victimLeaf.path;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [a[Math.min(i, a.length - 1)] as QueueInfo, b[Math.min(i, b.length - 1)] as QueueInfo];
}

function guaranteeText(
  rName: string,
  rAfter: QueueResources,
  rs: QueueShare,
  vName: string,
  R: QueueResources,
  vs: QueueShare,
): string {
  if (!le(rAfter, quotaOf(rs)))
    return `${rName} would exceed its quota (${show(rAfter)} > ${show(rs.quota)}) so GuaranteeDeservedQuota does not apply`;
  return `${vName} is not above its quota (${show(R)} ≤ ${show(vs.quota)})`;
}

function ratioText(v: number): string {
  return Number.isFinite(v) ? `${Math.round(v * 100)}%` : '∞';
}

/** `gpu 3` (plus cpu/memory when non-zero). */
export function show(r: QueueResources): string {
  const parts: string[] = [];
  for (const name of QUEUE_RESOURCE_NAMES) {
    const v = r[name];
    if (name !== 'gpu' && (v === 0 || !Number.isFinite(v))) continue;
    parts.push(`${name} ${formatAmount(name, v)}`);
  }
  return parts.join(', ');
}

/** GPUs and CPU cores as numbers, memory in binary units (4Gi), infinity as ∞. */
export function formatAmount(name: string, v: number): string {
  if (!Number.isFinite(v)) return '∞';
  if (name === 'memory' && Math.abs(v) >= 1024) {
    const units = ['Ki', 'Mi', 'Gi', 'Ti', 'Pi'];
    let x = v;
    let unit = '';
    for (const u of units) {
      if (Math.abs(x) < 1024) break;
      x /= 1024;
      unit = u;
    }
    return `${Number(x.toFixed(2))}${unit}`;
  }
  return String(Number(v.toFixed(3)));
}
