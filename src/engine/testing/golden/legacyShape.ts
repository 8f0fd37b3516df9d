/**
 * The trace and snapshot as they were shaped before decision 0315 moved KAI's verdict details into the
 * one profile slot (`Verdict.profileDetail`, was `Verdict.detail`), decision 0316 moved KAI's job
 * protections into its job extras and decision 0340 KAI's written queue min-runtimes into its queue extras:
 * a normaliser for the check that the moves changed nothing else
 * (legacyShape.test.ts). Byte for byte means key order too, so each record is
 * rebuilt in the order the old code wrote it.
 */
import { protectionsOf } from '../../model/protection';
import type { JobState, QueueState, SessionSnapshot } from '../../model/snapshot';
import type { ProfileDetail, SessionTrace, Verdict } from '../../model/trace';

type LegacyVerdict = Record<string, unknown>;

/**
 * A verdict as the old code wrote it: every producer wrote `detail` right after `message` (null, or KAI's
 * detail, which had no `profile`), and KAI's detail now sits in `profileDetail` at that same place.
 */
export function legacyVerdict(v: Verdict): LegacyVerdict {
  const kai = v.profileDetail?.profile === 'kai';
  const out: LegacyVerdict = {};
  for (const [key, value] of Object.entries(v)) {
    if (key === 'profileDetail' && kai) {
      const { profile: _profile, ...detail } = value as ProfileDetail & Record<string, unknown>;
      out['detail'] = detail;
      continue;
    }
    out[key] = value;
    if (key === 'message' && !kai) out['detail'] = null;
  }
  return out;
}

/** A session trace with every verdict in the old shape. */
export function legacyTrace(trace: SessionTrace): unknown {
  return {
    ...trace,
    attempts: trace.attempts.map((a) => ({
      ...a,
      verdicts: a.verdicts.map(legacyVerdict),
      victims: a.victims.map((v) => ({ ...v, verdicts: v.verdicts.map(legacyVerdict) })),
    })),
  };
}

/**
 * A job as the old snapshot wrote it (decision 0316 moved KAI's protections into its extras): the two
 * protection fields last before `extras` (null for every other profile), and KAI jobs without extras.
 */
export function legacyJob(job: JobState): unknown {
  const { extras, ...core } = job;
  const { preemptProtection, reclaimProtection } = protectionsOf(job);
  return {
    ...core,
    preemptProtection,
    reclaimProtection,
    ...(extras !== undefined && extras.profile !== 'kai' ? { extras } : {}),
  };
}

/**
 * A queue as the old snapshot wrote it (decision 0340 moved KAI's written min-runtimes into its queue
 * extras): the two fields right after `priority` (null for every other profile), and KAI queues without
 * extras. No queue `resolved`, as scripts/benchGolden.ts leaves it out.
 */
export function legacyQueue(queue: QueueState): unknown {
  const { resolved: _resolved, ...q } = queue;
  const kai = q.extras?.profile === 'kai' ? (q.extras as unknown as Record<string, number | null>) : null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(q)) {
    if (key === 'extras' && kai !== null) continue;
    out[key] = value;
    if (key === 'priority') {
      out['preemptMinRuntimeMs'] = kai?.['preemptMinRuntimeMs'] ?? null;
      out['reclaimMinRuntimeMs'] = kai?.['reclaimMinRuntimeMs'] ?? null;
    }
  }
  return out;
}

/**
 * What scripts/benchGolden.ts hashes of one snapshot (no `figures`, no queue `resolved`), in the old shape.
 */
export function legacySnapshot(snapshot: SessionSnapshot): unknown {
  const { figures: _derived, ...rest } = snapshot;
  const queues = rest.queues.map(legacyQueue);
  return { ...rest, jobs: rest.jobs.map(legacyJob), queues, trace: legacyTrace(rest.trace) };
}
