import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DryRunResult } from '../../protocol/explain';
import { formatInstant } from '../format/formatTime';
import { lineOfError } from './dryRunExamples';

/** The engine's prediction for a dry-run job, drawn as answered. */
export function DryRunPrediction({ result }: { result: DryRunResult }) {
  const horizon = `${result.horizon.sessions} sessions, up to ${formatInstant(result.horizon.time)}`;
  if (!result.starts) {
    return (
      <Alert severity="warning" data-testid="dryrun.never" sx={{ fontSize: '1rem' }}>
        <AlertTitle sx={{ fontWeight: 700 }}>
          {result.job} does not start within the horizon ({horizon})
        </AlertTitle>
        {result.reason !== null && <span data-testid="dryrun.reason">Why: {result.reason}</span>}
      </Alert>
    );
  }
  return (
    <Alert
      severity="success"
      data-testid="dryrun.starts"
      data-session={result.session ?? undefined}
      sx={{ fontSize: '1rem', '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>
        {result.job} starts at session {result.session}
        {result.time !== null && ` (${formatInstant(result.time)})`}
      </AlertTitle>
      {result.evicts.length === 0 ? (
        <span data-testid="dryrun.evicts-none">It evicts no one.</span>
      ) : (
        <Box data-testid="dryrun.evicts">
          <Typography variant="body1" sx={{ mb: 0.5 }}>
            It would evict {result.evicts.length === 1 ? 'one pod' : `${result.evicts.length} pods`}:
          </Typography>
          <Table size="small" aria-label={`Pods ${result.job} would evict`}>
            <TableHead>
              <TableRow>
                <TableCell>Pod</TableCell>
                <TableCell>Job</TableCell>
                <TableCell>Queue</TableCell>
                <TableCell>Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.evicts.map((e) => (
                <TableRow key={`${e.task}|${e.action}`}>
                  <TableCell>{e.task}</TableCell>
                  <TableCell>{e.job}</TableCell>
                  <TableCell>{e.queue}</TableCell>
                  <TableCell>{e.action}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Alert>
  );
}

/** What is wrong with the job text, each error as the engine wrote it, with a jump to the line it names. */
export function DryRunErrors({ errors, onShowLine }: { errors: string[]; onShowLine(line: number): void }) {
  return (
    <Alert
      severity="error"
      data-testid="dryrun.errors"
      sx={{ fontSize: '1rem', '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>
        The job cannot be read ({errors.length === 1 ? '1 problem' : `${errors.length} problems`}); your text
        is kept as it is
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {errors.map((error, i) => {
          const line = lineOfError(error);
          return (
            <li key={`${i}:${error}`} data-testid="dryrun.error">
              {error}
              {line !== null && (
                <Button size="small" sx={{ ml: 1, py: 0 }} onClick={() => onShowLine(line)}>
                  Show line {line}
                </Button>
              )}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}
