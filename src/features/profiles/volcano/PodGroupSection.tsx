/**
 * Volcano's (and kube-batch's) section of the job inspector (decision 0316): the PodGroup phase with its
 * last enqueue decision and the sla clock, from the job's extras (engine/profiles/volcano/jobExtras.ts).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { JobState } from '../../../engine/model/snapshot';
import { PodGroupCell, SlaCell } from './VolcanoCells';
import { volcanoExtrasOf } from './volcanoExtras';

export function PodGroupSection({ job }: { job: JobState; nowMs: number }) {
  const extras = volcanoExtrasOf(job);
  return (
    <Box data-testid="inspector.podgroup" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="h3" component="h3">
        PodGroup {job.phase}
      </Typography>
      <Typography variant="body2" component="div">
        <PodGroupCell job={job} />
      </Typography>
      {extras?.sla != null && (
        <Typography variant="body2" component="div">
          <SlaCell job={job} />
        </Typography>
      )}
    </Box>
  );
}
