import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ClusterImportProgress } from '../../protocol/clusterImport';
import { useElapsedSeconds } from '../status/useElapsedSeconds';
import { fileSize } from './fileSize';

const PHASES: readonly { phase: ClusterImportProgress['phase']; label: string }[] = [
  { phase: 'unzip', label: 'Unzipping' },
  { phase: 'read', label: 'Reading the objects' },
  { phase: 'map', label: 'Mapping them to a scenario' },
  { phase: 'write', label: 'Writing the scenario' },
];

/**
 * Where an import stands, from the worker's progress: the phase as step n of 4, how far into it, the
 * file's size and the seconds elapsed. The bar moves over the four phases, each a quarter.
 */
export function ImportProgress({
  progress,
  fileName,
  bytes,
  startedAt,
}: {
  progress: ClusterImportProgress | null;
  fileName: string;
  bytes: number;
  startedAt: number;
}) {
  const elapsed = useElapsedSeconds(startedAt);
  const index =
    progress === null
      ? 0
      : Math.max(
          0,
          PHASES.findIndex((p) => p.phase === progress.phase),
        );
  const fraction = progress === null || progress.total <= 0 ? 0 : Math.min(1, progress.done / progress.total);
  const label = progress === null ? 'Reading the file' : (PHASES[index]?.label ?? 'Importing');
  // Unzipping and reading count the file's bytes (engine readSnapshotBytes); mapping and writing are one step.
  const howFar =
    progress === null || progress.total <= 1 || (progress.phase !== 'unzip' && progress.phase !== 'read')
      ? ''
      : `: ${fileSize(progress.done)} of ${fileSize(progress.total)}`;
  return (
    <Box data-testid="cluster-import.progress">
      <Typography variant="body1" role="status" data-testid="cluster-import.progress-text">
        Step {index + 1} of 4: {label}
        {howFar} · {fileName} ({fileSize(bytes)}){elapsed > 0 ? ` · ${elapsed} s` : ''}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={((index + fraction) / PHASES.length) * 100}
        aria-label={`Importing: step ${index + 1} of 4, ${label}`}
        sx={{ mt: 1, height: 8, borderRadius: 1 }}
      />
    </Box>
  );
}
