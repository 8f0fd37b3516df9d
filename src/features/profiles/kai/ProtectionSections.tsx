/**
 * KAI's section of the job inspector (decision 0316): preempt and reclaim protection as the engine resolved
 * them into the job's extras (engine/profiles/kai/jobExtras.ts), each with its resolution.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProtectionState, ReclaimProtection } from '../../../engine/model/protection';
import { protectionsOf } from '../../../engine/model/protection';
import type { JobState } from '../../../engine/model/snapshot';
import { ResolutionView } from '../../decision-log/ResolutionView';
import { formatInstant } from '../../format/formatTime';
import { describeProtection, describeReclaim, describeReclaimLine } from '../../jobs/describeProtection';
import { useProtectionColor } from '../../jobs/ProtectionCell';

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

/** Both protections of a KAI job. */
export function KaiJobSection({ job, nowMs }: { job: JobState; nowMs: number }) {
  const p = protectionsOf(job);
  return (
    <>
      <ProtectionSection
        title="Preempt protection"
        protection={p.preemptProtection}
        nowMs={nowMs}
        testId="inspector.preempt"
      />
      <ReclaimSection protection={p.reclaimProtection} nowMs={nowMs} isRunning={job.running > 0} />
    </>
  );
}
