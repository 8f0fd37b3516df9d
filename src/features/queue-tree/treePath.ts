/**
 * Which min-runtime path the queue tree draws for the current selection, taken from the trace: a selected
 * preemptor/victim pair, the eviction a selected job took part in this session, or the selected job's own
 * protection. Only looks records up; every duration, LCA and walk comes from the engine.
 */
import type { JobState } from '../../engine/model/snapshot';
import { protectionsOf, type ProtectionState } from '../../engine/model/protection';
import type {
  ProtectionDetail as MinRuntimeDetail,
  ReclaimFiguresDetail as ReclaimableDetail,
} from '../../engine/framework/verdictDetails';
import type {
  Decision,
  JobAttempt,
  MinRuntimeResolution,
  Verdict,
  VictimRecord,
} from '../../engine/model/trace';
import type { SelectedPair, Selection } from '../../store/AppState';

/** What the path is about. */
export type PathSubject =
  /** A pair of the shown session; `implied` when it was found from a selected job's eviction. */
  | { kind: 'pair'; pair: SelectedPair; implied: boolean }
  /** A selected job with no eviction this session: its own protection. */
  | { kind: 'job'; job: JobState }
  | { kind: 'none' };

export interface SessionFacts {
  index: number;
  jobs: readonly JobState[];
  decisions: readonly Decision[];
}

/** The path subject at session `snapshot` for the selection. */
export function pathSubject(
  snapshot: SessionFacts,
  selection: Selection | null,
  pair: SelectedPair | null,
): PathSubject {
  if (pair !== null && pair.session === snapshot.index) return { kind: 'pair', pair, implied: false };
  if (selection?.kind !== 'job') return { kind: 'none' };
  const name = selection.name;
  // The job was evicted in this session, or it evicted someone: the decision explains the pair.
  const evictions = snapshot.decisions.filter(
    (d) => d.kind === 'evict' && d.by !== null && d.attempt !== null,
  );
  const asVictim = evictions.find((d) => d.job === name);
  const asPreemptor = asVictim ?? evictions.find((d) => d.by === name);
  const d = asVictim ?? asPreemptor;
  if (d !== undefined && d.by !== null && d.attempt !== null) {
    return {
      kind: 'pair',
      pair: { session: snapshot.index, attempt: d.attempt, preemptor: d.by, victim: d.job },
      implied: true,
    };
  }
  const job = snapshot.jobs.find((j) => j.name === name);
  return job === undefined ? { kind: 'none' } : { kind: 'job', job };
}

/** What the trace recorded about one victim of one attempt. */
export interface VictimEvidence {
  record: VictimRecord;
  /** The min-runtime verdict (null when the plugin is off or never looked at this victim). */
  minRuntime: MinRuntimeDetail | null;
  /** The fair-share check of this victim's chunk (reclaim only). */
  reclaimable: ReclaimableDetail | null;
}

// The neutral shapes of framework/verdictDetails.ts, recognised by detail type (decision 0315).
const minRuntimeOf = (v: Verdict): MinRuntimeDetail | null =>
  v.profileDetail?.type === 'minruntime' ? (v.profileDetail as MinRuntimeDetail) : null;
const reclaimableOf = (v: Verdict): ReclaimableDetail | null =>
  v.profileDetail?.type === 'reclaimable' ? (v.profileDetail as ReclaimableDetail) : null;

/** The victim record of `victim` in `attempt` and the verdicts that explain its outcome. */
export function victimEvidence(attempt: JobAttempt, victim: string): VictimEvidence | null {
  const record = attempt.victims.find((v) => v.job === victim);
  if (record === undefined) return null;
  // The verdict that decided: allowed for an evicted victim, refused for a protected one.
  const wantAllowed = record.outcome !== 'filtered';
  const minVerdicts = record.verdicts.filter((v) => minRuntimeOf(v) !== null);
  const minVerdict = minVerdicts.find((v) => v.allowed === wantAllowed) ?? minVerdicts[0];
  // The check of this victim's own chunk, preferring the one that let it go.
  const tasks = new Set(record.tasks);
  const checks = [...attempt.verdicts, ...record.verdicts].filter((v) => reclaimableOf(v) !== null);
  const ofChunk = checks.filter((v) => reclaimableOf(v)?.chunk.some((t) => tasks.has(t)) === true);
  const check =
    ofChunk.find((v) => v.allowed) ?? ofChunk[0] ?? record.verdicts.find((v) => reclaimableOf(v) !== null);
  return {
    record,
    minRuntime: minVerdict === undefined ? null : minRuntimeOf(minVerdict),
    reclaimable: check === undefined ? null : reclaimableOf(check),
  };
}

/** The reclaim resolve method as a what-if: the method the run used, or the other one. */
export type MethodChoice = 'lca' | 'queue';

/** A path ready for the tree and its summary. */
export interface TreePathModel {
  resolution: MinRuntimeResolution;
  preemptorQueue: string | null;
  victimQueue: string;
  victimJob: string;
  preemptorJob: string | null;
  startedAtMs: number | null;
  protectedUntilMs: number | null;
  reclaimable: ReclaimableDetail | null;
  /** `evicted` / `protected` for a pair from the trace; `job` for a job's own protection. */
  origin: 'evicted' | 'protected' | 'considered' | 'job';
  /** True when the resolution is a what-if answer rather than what the run recorded. */
  isWhatIf: boolean;
}

/** The model for a pair, from the victim's evidence; null when min-runtime did not look at the victim. */
export function pairPath(
  pair: SelectedPair,
  evidence: VictimEvidence,
  preemptorQueue: string,
): TreePathModel | null {
  const m = evidence.minRuntime;
  if (m === null) return null;
  const { outcome } = evidence.record;
  return {
    resolution: m.resolution,
    preemptorQueue: m.resolution.preemptorQueue ?? preemptorQueue,
    victimQueue: evidence.record.queue,
    victimJob: pair.victim,
    preemptorJob: pair.preemptor,
    startedAtMs: m.startedAtMs,
    protectedUntilMs: m.protectedUntilMs,
    reclaimable: m.resolution.kind === 'reclaim' ? evidence.reclaimable : null,
    origin:
      outcome === 'evicted'
        ? 'evicted'
        : outcome === 'filtered' && m.isProtected
          ? 'protected'
          : 'considered',
    isWhatIf: false,
  };
}

/**
 * The reclaim protection to draw for a job on its own: the queue method's single figure, or under lca the
 * first waiting reclaimer group it is protected from (else the nearest one). Null when nobody waits under lca.
 */
function ownReclaim(job: JobState): ProtectionState | null {
  const p = protectionsOf(job).reclaimProtection;
  if (p === null) return null;
  if (p.anyReclaimer !== null) return p.anyReclaimer;
  return p.byReclaimer.find((r) => r.isProtected) ?? p.byReclaimer[0] ?? null;
}

/** The model for a job's own protection (`kind` picks preempt or reclaim). */
export function jobPath(job: JobState, kind: 'preempt' | 'reclaim'): TreePathModel | null {
  const p: ProtectionState | null =
    kind === 'preempt' ? protectionsOf(job).preemptProtection : ownReclaim(job);
  if (p === null) return null;
  return {
    resolution: p.resolution,
    // Under the queue method the reclaimer plays no part (nobody to draw); under lca the path is the one
    // the engine resolved for a waiting reclaimer's queue.
    preemptorQueue: p.resolution.preemptorQueue,
    victimQueue: job.queue,
    victimJob: job.name,
    preemptorJob: null,
    startedAtMs: job.startedAtMs,
    protectedUntilMs: p.protectedUntilMs,
    reclaimable: null,
    origin: 'job',
    isWhatIf: false,
  };
}

/** The what-if question for `path` under `method` and an optional other reclaimer queue; null when none. */
export function whatIfQuery(
  path: TreePathModel,
  method: MethodChoice | null,
  reclaimerQueue: string | null,
): { victimQueue: string; preemptorQueue: string; method: MethodChoice } | null {
  const r = path.resolution;
  if (r.kind !== 'reclaim') return null;
  const preemptorQueue = reclaimerQueue ?? path.preemptorQueue;
  const wanted = method ?? r.method ?? 'lca';
  if (preemptorQueue === null) return null;
  if (wanted === r.method && preemptorQueue === path.preemptorQueue) return null;
  return { victimQueue: path.victimQueue, preemptorQueue, method: wanted };
}

/** `path` with the engine's answer to a what-if in place of the recorded resolution. */
export function withWhatIf(path: TreePathModel, answer: MinRuntimeResolution): TreePathModel {
  return {
    ...path,
    resolution: answer,
    preemptorQueue: answer.preemptorQueue,
    // Protection ends `duration` after the last start (upstream compares lastStart + duration with now).
    protectedUntilMs: path.startedAtMs === null ? null : path.startedAtMs + answer.durationMs,
    // The fair-share figures belong to the recorded reclaimer; another reclaimer would see other numbers.
    reclaimable: answer.preemptorQueue === path.preemptorQueue ? path.reclaimable : null,
    isWhatIf: true,
  };
}
