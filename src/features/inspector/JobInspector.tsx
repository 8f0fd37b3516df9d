import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MomentTag } from '../../viz/charts/MomentTag';
import { describeReservation } from '../../viz/layouts/describeFigures';
import { useMemo } from 'react';
import type { JobState, ProtectionState, ReclaimProtection } from '../../engine/model/snapshot';
import type { SessionView } from '../../protocol/sessionView';
import { describeGroup, groupDecisions } from '../decision-log/groupDecisions';
import { PendingExplanationView } from '../decision-log/PendingExplanationView';
import { ResolutionView } from '../decision-log/ResolutionView';
import { WhyPanel } from '../explain/WhyPanel';
import { formatInstant, formatSpan } from '../format/formatTime';
import { describeProtection, describeReclaim, describeReclaimLine } from '../jobs/describeProtection';
import { jobStatusLabel } from '../jobs/jobRows';
import { useProtectionColor } from '../jobs/ProtectionCell';
import { PodGroupCell, SlaCell } from '../profiles/volcano/VolcanoCells';
import { RolesTable } from './RolesTable';
import { SubGroupsSection } from './SubGroupsSection';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectSummary } from '../../store/scenarioSlice';
import { PlacementConstraintsView } from './PlacementConstraintsView';

function ProtectionSection({
  title,
  protection,
  nowMs,
  testId,
}: {
  title: string;
  protection: ProtectionState | null;
  nowMs: number;
  testId: string;
}) {
  const view = describeProtection(protection, nowMs);
  const color = useProtectionColor(view.status);
  return (
    <Box data-testid={testId} data-status={view.status}>
      <Typography variant="h3" component="h3">
        {title}
      </Typography>
      <Typography variant="body1" sx={{ color, fontWeight: 700 }} data-testid={`${testId}.headline`}>
        {view.headline}
      </Typography>
      {protection !== null && <ResolutionView resolution={protection.resolution} />}
    </Box>
  );
}

/**
 * Reclaim protection as the engine resolved it: one figure under the queue method; under lca one per group of
 * waiting reclaimer queues, each with its resolution (LCA, step down, queues looked at).
 */
function ReclaimSection({
  protection,
  nowMs,
  isRunning,
}: {
  protection: ReclaimProtection | null;
  nowMs: number;
  isRunning: boolean;
}) {
  const view = describeReclaim(protection, nowMs);
  const running = isRunning && view.lines.some((l) => l.status !== 'not-started');
  const color = useProtectionColor(protection !== null && !isRunning ? 'not-started' : view.status);
  const headline =
    protection !== null && !isRunning
      ? 'not running'
      : view.lines.length === 0
        ? (view.emptyText ?? '—')
        : running
          ? view.lines.map(describeReclaimLine).join('; ')
          : 'not running';
  return (
    <Box data-testid="inspector.reclaim" data-status={view.status} data-method={view.method ?? undefined}>
      <Typography variant="h3" component="h3">
        Reclaim protection
      </Typography>
      <Typography variant="body1" sx={{ color, fontWeight: 700 }} data-testid="inspector.reclaim.headline">
        {headline}
      </Typography>
      {view.method !== null && (
        <Typography variant="body2" color="text.secondary" data-testid="inspector.reclaim.method">
          {view.method === 'lca'
            ? 'LCA method: the duration depends on the reclaimer’s queue, so it is given for each queue with a job waiting to be placed at this session.'
            : 'Queue method: walk up from this job’s queue; the same for every reclaimer.'}
        </Typography>
      )}
      {view.method === 'lca' && view.lines.length === 0 && isRunning && (
        <Typography variant="body2" color="text.secondary">
          No job of another queue is waiting to be placed, so no reclaimer is kept out. To see what a
          reclaimer in a given queue would meet, select this job and pick that queue on the queue tree.
        </Typography>
      )}
      {view.lines.map((l) => (
        <Box
          key={l.against}
          data-testid="inspector.reclaim.line"
          data-status={l.status}
          data-reclaimers={l.reclaimerQueues.join(' ')}
          sx={{ mt: 1 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {l.against.charAt(0).toUpperCase() + l.against.slice(1)}
            {running && ': '}
            {running && <span style={{ fontWeight: 500 }}>{l.headline}</span>}
            {l.protection.protectedUntilMs !== null &&
              l.status === 'protected' &&
              ` (until ${formatInstant(l.protection.protectedUntilMs)})`}
          </Typography>
          <ResolutionView resolution={l.protection.resolution} />
        </Box>
      ))}
    </Box>
  );
}

/** Everything about one job at the cursor: counts, both protections with their resolution, why it waits. */
export function JobInspector({
  job,
  snapshot,
  onClose,
}: {
  job: JobState;
  snapshot: SessionView;
  onClose: () => void;
}) {
  const tasks = useMemo(() => snapshot.tasks.filter((t) => t.job === job.name), [snapshot, job.name]);
  const pending = snapshot.trace.pending.find((p) => p.job === job.name) ?? null;
  const placements = useAppStore(selectSummary)?.jobPlacements;
  const placement =
    placements !== undefined && Object.hasOwn(placements, job.name) ? placements[job.name] : undefined;
  const involved = useMemo(
    () => groupDecisions(snapshot.decisions.filter((d) => d.job === job.name || d.by === job.name)),
    [snapshot, job.name],
  );
  const reserved = snapshot.trace.attempts.find((a) => a.job === job.name && a.reserved !== undefined);
  const reservation =
    reserved?.reserved === undefined ? null : describeReservation(job.name, reserved.reserved);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="inspector.job" data-job={job.name}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="h2" component="h2" sx={{ wordBreak: 'break-word' }}>
          {job.name}
        </Typography>
        <Button size="small" onClick={onClose} sx={{ ml: 'auto' }} aria-label="Clear selection">
          Clear
        </Button>
      </Box>
      <Typography variant="body1">
        {jobStatusLabel(job)} · queue <b>{job.queue}</b> · {job.priorityClassName ?? 'priority'} (
        {job.priority}) · {job.preemptible ? 'preemptible' : 'non-preemptible'}
        {job.isElastic && ' · elastic'}
        {job.generatedBy !== undefined && (
          <span data-testid="inspector.generated-by"> · generated by workload[{job.generatedBy}]</span>
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="inspector.tasks">
        <MomentTag moment="session" />
        Tasks: {job.running} running, {job.pipelined} pipelined, {job.pending} pending, {job.releasing}{' '}
        releasing, {job.succeeded} succeeded of {job.taskCount} (minAvailable {job.minAvailable}). Submitted{' '}
        {formatInstant(job.submitAtMs)}
        {job.startedAtMs !== null && `, last fresh start ${formatInstant(job.startedAtMs)}`}, ran{' '}
        {formatSpan(job.progressMs)}
        {job.runtimeMs !== null && ` of ${formatSpan(job.runtimeMs)}`}
        {job.stoppedAtMs !== null && ` until ${formatInstant(job.stoppedAtMs)}`}.
      </Typography>
      {reservation !== null && (
        <Typography variant="body2" data-testid="inspector.reservation">
          <MomentTag moment="attempt" />
          {reservation}, held until the session closed (not bound)
        </Typography>
      )}
      {job.roles !== undefined && <RolesTable roles={job.roles} />}
      {job.subGroups !== undefined && <SubGroupsSection rows={job.subGroups} />}
      <PlacementConstraintsView placement={placement} />
      {/* The engine's short answer and what would change it first; the session's full pending explanation below. */}
      <WhyPanel job={job.name} />
      {pending !== null && (
        <PendingExplanationView
          explanation={pending}
          trace={snapshot.trace}
          session={snapshot.index}
          job={job}
        />
      )}
      <Divider />
      {job.extras !== undefined ? (
        // Volcano/kube-batch: the PodGroup and the sla clock; min-runtime protection is KAI's.
        <Box data-testid="inspector.podgroup" sx={{ display: 'grid', gap: 0.5 }}>
          <Typography variant="h3" component="h3">
            PodGroup {job.phase}
          </Typography>
          <Typography variant="body2" component="div">
            <PodGroupCell job={job} />
          </Typography>
          {job.extras.sla !== null && (
            <Typography variant="body2" component="div">
              <SlaCell job={job} />
            </Typography>
          )}
        </Box>
      ) : (
        <>
          <ProtectionSection
            title="Preempt protection"
            protection={job.preemptProtection}
            nowMs={snapshot.timeMs}
            testId="inspector.preempt"
          />
          <ReclaimSection
            protection={job.reclaimProtection}
            nowMs={snapshot.timeMs}
            isRunning={job.running > 0}
          />
        </>
      )}
      {job.isElastic && (
        <Typography variant="body2" color="text.secondary">
          Elastic job: pods above minAvailable ({job.minAvailable}) are never protected; min-runtime only
          keeps the job from dropping below minAvailable.
        </Typography>
      )}
      <Divider />
      <Typography variant="h3" component="h3">
        In this session
      </Typography>
      {involved.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No decision about this job.
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {involved.map((g) => (
            <Typography component="li" variant="body2" key={g.key}>
              {describeGroup(g)} (under {g.action})
            </Typography>
          ))}
        </Box>
      )}
      <Typography variant="h3" component="h3">
        Tasks
      </Typography>
      <Table size="small" aria-label={`Tasks of ${job.name}`}>
        <TableHead>
          <TableRow>
            <TableCell>Task</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Node</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tasks.map((t) => (
            <TableRow key={t.name}>
              <TableCell>{t.name}</TableCell>
              <TableCell>
                {t.terminating ? (
                  // A terminating pod (KAI, §23.4): KAI's status and the engine's sentence, as text.
                  <>
                    {t.terminating.status}
                    <Typography variant="body2" color="text.secondary">
                      {t.terminating.message}
                    </Typography>
                  </>
                ) : (
                  t.status
                )}
              </TableCell>
              <TableCell>{t.node ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
