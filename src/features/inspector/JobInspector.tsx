import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { JobState, ProtectionState } from '../../engine/model/snapshot';
import type { SessionView } from '../../protocol/sessionView';
import { describeGroup, groupDecisions } from '../decision-log/groupDecisions';
import { PendingExplanationView } from '../decision-log/PendingExplanationView';
import { ResolutionView } from '../decision-log/ResolutionView';
import { formatInstant, formatSpan } from '../format/formatTime';
import { describeProtection } from '../jobs/describeProtection';
import { jobStatusLabel } from '../jobs/jobRows';
import { useProtectionColor } from '../jobs/ProtectionCell';
import { PodGroupCell, SlaCell } from '../jobs/VolcanoCells';

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
  const involved = useMemo(
    () => groupDecisions(snapshot.decisions.filter((d) => d.job === job.name || d.by === job.name)),
    [snapshot, job.name],
  );
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
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Tasks: {job.running} running, {job.pipelined} pipelined, {job.pending} pending, {job.releasing}{' '}
        releasing, {job.succeeded} succeeded of {job.taskCount} (minAvailable {job.minAvailable}). Submitted{' '}
        {formatInstant(job.submitAtMs)}
        {job.startedAtMs !== null && `, last fresh start ${formatInstant(job.startedAtMs)}`}, ran{' '}
        {formatSpan(job.progressMs)}
        {job.runtimeMs !== null && ` of ${formatSpan(job.runtimeMs)}`}.
      </Typography>
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
          <ProtectionSection
            title="Reclaim protection"
            protection={job.reclaimProtection}
            nowMs={snapshot.timeMs}
            testId="inspector.reclaim"
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
              <TableCell>{t.status}</TableCell>
              <TableCell>{t.node ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
