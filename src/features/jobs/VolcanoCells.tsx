/** The jobs table's Volcano/kube-batch cells: the PodGroup and the sla clock (engine extras, formatted). */
import type { JobState } from '../../engine/model/snapshot';
import { describeSla } from './describeSla';

/** PodGroup phase, then its tasks against minAvailable, and the last enqueue decision when there was one. */
export function PodGroupCell({ job }: { job: JobState }) {
  const enqueue = job.extras?.enqueue ?? null;
  return (
    <>
      <span className="phase" data-testid="jobs-table.phase">
        {job.phase}
      </span>
      <div className="muted">
        minAvailable {job.minAvailable} · {job.running + job.succeeded} ready
        {job.pipelined > 0 && ` · ${job.pipelined} pipelined`}
      </div>
      {enqueue !== null && (
        <div className="muted" data-testid="jobs-table.enqueue">
          enqueue: {enqueue.admitted ? 'admitted' : 'not admitted'}
          {enqueue.decidedBy !== null && ` by ${enqueue.decidedBy}`}
          {enqueue.tier !== null && ` (tier ${enqueue.tier})`}
        </div>
      )}
    </>
  );
}

export function SlaCell({ job }: { job: JobState }) {
  const sla = job.extras?.sla ?? null;
  if (sla === null) return <span className="muted">no SLA</span>;
  const text = describeSla(job, sla);
  return (
    <div data-testid="jobs-table.sla" data-state={text.state}>
      <span className={text.state === 'expired' ? 'sla-expired' : undefined}>{text.headline}</span>
      <div className="muted">from {text.source}</div>
    </div>
  );
}
