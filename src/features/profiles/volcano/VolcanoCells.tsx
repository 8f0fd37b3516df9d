/**
 * The jobs table's Volcano/kube-batch cells: the PodGroup, the task roles and the sla clock (engine extras,
 * formatted).
 */
import type { JobState } from '../../../engine/model/snapshot';
import { describeSla } from './describeSla';
import { volcanoExtrasOf } from './volcanoExtras';

/** PodGroup phase, then its tasks against minAvailable, and the last enqueue decision when there was one. */
export function PodGroupCell({ job }: { job: JobState }) {
  const enqueue = volcanoExtrasOf(job)?.enqueue ?? null;
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

/**
 * Each task role's running tasks against its minTaskMember, as the snapshot has them (§26); a role the
 * engine found below its minimum at session end is marked, as the inspector's roles table does.
 */
export function RolesCell({ job }: { job: JobState }) {
  const roles = job.roles;
  if (roles === undefined) return <span className="muted">no roles</span>;
  return (
    <div data-testid="jobs-table.roles">
      {roles.map((r) => {
        const short = r.minTaskMember !== null && r.running + r.pipelined < r.minTaskMember;
        return (
          <div key={r.role} data-testid="jobs-table.role" data-short={short ? 'true' : undefined}>
            {r.role === '' ? '(no role)' : r.role} {r.running}/{r.minTaskMember ?? '—'}
            {r.pipelined > 0 && ` +${r.pipelined} pipelined`}
            {short && <span className="muted"> below min</span>}
          </div>
        );
      })}
    </div>
  );
}

export function SlaCell({ job }: { job: JobState }) {
  const sla = volcanoExtrasOf(job)?.sla ?? null;
  if (sla === null) return <span className="muted">no SLA</span>;
  const text = describeSla(job, sla);
  return (
    <div data-testid="jobs-table.sla" data-state={text.state}>
      <span className={text.state === 'expired' ? 'sla-expired' : undefined}>{text.headline}</span>
      <div className="muted">from {text.source}</div>
    </div>
  );
}
