/**
 * `sla` plugin (`plugins/sla/sla.go`, reference §2), as the code does it:
 * - waiting time: the job's annotation `volcano.sh/sla-waiting-time`, else `sla-waiting-time`, else the
 *   plugin argument `sla-waiting-time` (a Go duration string; anything else, unparsable or ≤ 0 = none);
 * - JobOrderFn: jobs with a waiting time before jobs without; between two, the earlier deadline
 *   (PodGroup creation + waiting time) first;
 * - JobEnqueueable and JobPipelined (the same function): Abstain without a waiting time or before the
 *   deadline, Permit from the deadline on (simulated clock); it never rejects. Whether the Permit wins is
 *   decided by the session's tier vote: a Reject in the same or an earlier tier beats it (the design doc
 *   claims otherwise; the vote's trace says so when it happens).
 */
import { parseDuration } from '../../../../model/duration';
import type { JobInfo } from '../../api/JobInfo';
import type { VoteAnswer } from '../../framework/points';
import type { VolcanoPlugin, VolcanoPluginFactory } from '../../framework/Plugin';
import type { SlaDetail } from '../../trace';

interface Waiting {
  ms: number;
  source: SlaDetail['source'];
}

function parsePositive(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const r = parseDuration(v);
  return r.ok && r.ms > 0 ? r.ms : null;
}

/** The job's effective waiting time (own annotation first, then the global argument). */
export function waitingTimeOf(job: JobInfo, global: number | null): Waiting | null {
  const own1 = parsePositive(job.spec.annotations['volcano.sh/sla-waiting-time']);
  if (own1 !== null) return { ms: own1, source: 'annotation volcano.sh/sla-waiting-time' };
  const own2 = parsePositive(job.spec.annotations['sla-waiting-time']);
  if (own2 !== null) return { ms: own2, source: 'annotation sla-waiting-time' };
  if (global !== null) return { ms: global, source: 'argument sla-waiting-time' };
  return null;
}

export const createSlaPlugin: VolcanoPluginFactory = (config): VolcanoPlugin => ({
  name: 'sla',
  onSessionOpen(ssn, self) {
    const global = parsePositive(config.arguments['sla-waiting-time']);
    const cache = new Map<JobInfo, Waiting | null>();
    const wt = (job: JobInfo): Waiting | null => {
      if (!cache.has(job)) cache.set(job, waitingTimeOf(job, global));
      return cache.get(job) ?? null;
    };
    ssn.add('jobOrder', self, (l, r) => {
      const lw = wt(l);
      const rw = wt(r);
      if (!lw && !rw) return 0;
      if (!lw) return 1;
      if (!rw) return -1;
      const ld = l.creationMs + lw.ms;
      const rd = r.creationMs + rw.ms;
      return ld < rd ? -1 : ld > rd ? 1 : 0;
    });
    const permit = (job: JobInfo): VoteAnswer => {
      const w = wt(job);
      if (!w) return { vote: 'abstain', message: 'the job has no SLA waiting time' };
      const waited = ssn.timeMs - job.creationMs;
      const detail: SlaDetail = {
        profile: 'volcano',
        type: 'sla',
        job: job.name,
        waitingTimeMs: w.ms,
        source: w.source,
        creationMs: job.creationMs,
        deadlineMs: job.creationMs + w.ms,
        waitedMs: waited,
        expired: waited >= w.ms,
      };
      return waited < w.ms
        ? {
            vote: 'abstain',
            detail,
            message: `waited ${fmt(waited)} of its ${fmt(w.ms)} SLA (${w.source}); expires in ${fmt(w.ms - waited)}`,
          }
        : {
            vote: 'permit',
            detail,
            message: `SLA expired: waited ${fmt(waited)}, at least its ${fmt(w.ms)} (${w.source}); expired at t=${fmt(job.creationMs + w.ms)}`,
          };
    };
    ssn.add('jobEnqueueable', self, permit);
    ssn.add('jobPipelined', self, permit);
  },
});

function fmt(ms: number): string {
  const neg = ms < 0;
  let rest = Math.abs(ms);
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = rest / 1000;
  const out = `${h ? `${h}h` : ''}${m ? `${m}m` : ''}${s || (!h && !m) ? `${s}s` : ''}`;
  return neg ? `-${out}` : out;
}
