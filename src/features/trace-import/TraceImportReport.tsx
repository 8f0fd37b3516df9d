import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { nounFor } from '../../common/plural';
import type { TraceImportReport as Report } from '../../protocol/clusterImport';
import { formatDuration } from '../format/formatTime';
import { TRACE_FORMAT_LABEL } from './traceFormatLabels';

const count = (n: number) => n.toLocaleString('en-US');
const counted = (n: number, noun: string) => `${count(n)} ${nounFor(n, noun)}`;

/** A trace span as a person reads it: `3d 4h` beyond a day, else Go's `1h30m0s`. */
export function spanText(ms: number): string {
  const day = 86_400_000;
  if (ms < day) return formatDuration(Math.max(0, Math.round(ms)));
  const days = Math.floor(ms / day);
  const hours = Math.round((ms - days * day) / 3_600_000);
  return hours === 0 ? `${days}d` : `${days}d ${hours}h`;
}

/**
 * What a trace import read and made (issue 20): rows read and jobs kept, the spans before and after
 * compression, each queue with the trace value it came from, its jobs, quota and peak use, every
 * skipped-row reason with its first row numbers, and the engine's notes (sampling, cuts). Names from the
 * trace are rendered as text.
 */
export function TraceImportReport({ report }: { report: Report }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, overflowWrap: 'anywhere' }}
      data-testid="trace-import.report"
    >
      <Typography variant="body1" sx={{ fontWeight: 700 }} data-testid="trace-import.counts">
        Imported a {TRACE_FORMAT_LABEL[report.format]}: {counted(report.rows, 'row')} read,{' '}
        {counted(report.jobs, 'job')} kept, {counted(report.queues.length, 'queue')},{' '}
        {counted(report.nodes, 'node')} of {counted(report.gpusPerNode, 'GPU')}.
      </Typography>
      <Typography variant="body1" data-testid="trace-import.spans">
        The kept jobs span {spanText(report.traceSpanMs)} of the trace
        {report.compress === 1
          ? ', uncompressed.'
          : `, compressed ${count(report.compress)}× into ${spanText(report.scenarioSpanMs)} of the scenario.`}
      </Typography>
      <Table size="small" aria-label="Queues made from the trace" data-testid="trace-import.queues">
        <TableHead>
          <TableRow>
            <TableCell>Queue</TableCell>
            <TableCell>From</TableCell>
            <TableCell align="right">Jobs</TableCell>
            <TableCell align="right">Quota (GPUs)</TableCell>
            <TableCell align="right">Peak use (GPUs)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.queues.map((q) => (
            <TableRow key={q.name} data-testid="trace-import.queue">
              <TableCell sx={{ fontFamily: 'monospace' }}>{q.name}</TableCell>
              <TableCell>{q.source}</TableCell>
              <TableCell align="right">{count(q.jobs)}</TableCell>
              <TableCell align="right">{q.quotaGpu === null ? '—' : count(q.quotaGpu)}</TableCell>
              <TableCell align="right">{count(q.peakGpu)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {report.skipped.length === 0 ? (
        <Typography variant="body1" data-testid="trace-import.none-skipped">
          No row was skipped.
        </Typography>
      ) : (
        <Box data-testid="trace-import.skipped">
          <Typography variant="body1" sx={{ fontWeight: 700 }}>
            Rows skipped (
            {counted(
              report.skipped.reduce((n, s) => n + s.count, 0),
              'row',
            )}
            ):
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {report.skipped.map((skip) => (
              <li key={skip.reason} data-testid="trace-import.skip">
                <Typography variant="body1">
                  <b>{skip.reason}</b> · {counted(skip.count, 'row')}
                  {skip.firstRows.length > 0 &&
                    ` · ${skip.firstRows.length < skip.count ? 'first rows' : nounFor(skip.count, 'row')} ${skip.firstRows.join(', ')}`}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
      {report.notes.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="trace-import.notes">
          {report.notes.map((note, i) => (
            <li key={i}>
              <Typography variant="body1">{note}</Typography>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
