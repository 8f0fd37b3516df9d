/**
 * Volcano's and kube-batch's part of the property run (decision 0311): the capacity plugin's capability
 * bound (Volcano), proportion's shares (kube-batch), and what the shared gang check must know of them.
 *
 * Gang gaps (jobs upstream's preempt and reclaim may leave below minAvailable, reference/volcano.md §3.3):
 * kube-batch's gang plugin judges each candidate victim against the job as it stood ("MinAvailable ≤
 * ready − 1 or MinAvailable == 1", no decrement per victim: kube-batch #828), so one action can take a gang
 * below its minimum (Volcano decrements and never does); its reclaim pipelines task by task with
 * `ssn.Pipeline`, outside any statement and gang check, and its within-job preempt commits unconditionally,
 * so a preemptor may end a session with fewer than minAvailable tasks pipelined. Volcano's within-job
 * preempt commits per task too (`stmt.Commit()` whatever JobPipelined says, reference/volcano.md §3.1:
 * "Within-job preemptions commit per task"), and places a task with no victim when the node has room, so
 * a gang may end a session with one task pipelined by preempt; between jobs Volcano commits only a
 * pipelined job, so any such shortfall is the within-job one. And Volcano's victim combination lets an
 * intersection that became empty be re-initialised by the next plugin of the tier (reference/volcano.md
 * §1.4: tier [priority→{x}, gang→{y}, conformance→all] yields all), so gang's vote to keep a job at its
 * minimum can be overridden and preempt or reclaim may evict below it, as upstream does; gang's own rule is
 * pinned by the conformance cases instead.
 *
 * Readiness: Volcano's and kube-batch's `IsReady` is Ready + pending BestEffort tasks ≥ MinAvailable
 * (reference/volcano.md, job readiness), as `backfill` places those.
 */
import type { ProfileSessionCheck } from '../../../framework/ProfileModule';
import type { Scenario } from '../../../model/scenario';
import type { SessionSnapshot } from '../../../model/snapshot';
import type { Violation } from '../../../testing/property/invariants';
import { runStateOf } from '../../../testing/property/runState';
import type { Dialect } from '../framework/Session';
import { checkKubeBatchShares } from './checkKubeBatchShares';
import { capacityConfigured, checkVolcanoCapability } from './checkVolcanoCapability';

function gangGaps(dialect: Dialect, snap: SessionSnapshot): string[] {
  const out: string[] = [];
  for (const d of snap.decisions) {
    if (d.action === 'preempt' && d.kind === 'pipeline') out.push(d.job);
    else if (dialect === 'kube-batch' && d.action === 'reclaim' && d.kind === 'pipeline') out.push(d.job);
    else if ((d.action === 'preempt' || d.action === 'reclaim') && d.kind === 'evict') out.push(d.job);
  }
  return out;
}

/** The checks of one dialect over one scenario. */
export function volcanoChecks(dialect: Dialect): (scenario: Scenario) => ProfileSessionCheck {
  return (scenario) => ({
    bestEffortIsReady: true,
    gangGaps: (snap) => gangGaps(dialect, snap),
    session(snap, context) {
      const out: Violation[] = [];
      if (dialect === 'kube-batch') checkKubeBatchShares(snap, out);
      else if (capacityConfigured(scenario, snap))
        checkVolcanoCapability(snap, runStateOf(context).facts, out);
      return out;
    },
  });
}
