import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import { memo, useCallback, useMemo, useState } from 'react';
import type { JobState } from '../../engine/model/snapshot';
import type { ScenarioSummary } from '../../protocol/messages';
import type { SessionView } from '../../protocol/sessionView';
import type { AppState, JobSortKey, JobStatusFilter } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectSummary } from '../../store/scenarioSlice';
import { selectSelectedJob } from '../../store/selectionSlice';
import { selectJobFilter, selectJobSort } from '../../store/viewSlice';
import { nounFor, plural } from '../../common/plural';
import { formatInstant, formatSpan } from '../format/formatTime';
import { jobRowsOf, jobStatusLabel } from './jobRows';
import { MomentTag } from '../../viz/charts/MomentTag';
import { describeReservation } from '../../viz/layouts/describeFigures';
import type { ProfileJobColumn } from '../profiles/ProfileUiModule';
import { UI_MODULES, uiModuleOf } from '../profiles/uiRegistry';

const NO_JOBS: JobState[] = [];
const selectSnapshot = (s: AppState) => s.run.snapshot;

const PAGE_SIZE = 30;

/** Every row's styling as one rule set on the table (computed once per theme, not per row). */
function jobRowStyles(theme: Theme) {
  const { palette, typography } = theme;
  const sim = palette.sim;
  return {
    '& .MuiTableCell-stickyHeader': { top: 48 },
    '& .MuiTableCell-head': { paddingLeft: '10px', paddingRight: '10px' },
    // Fixed columns: layout does not depend on every cell, and columns do not jump from step to step.
    tableLayout: 'fixed' as const,
    '& col.col-job': { width: '18%' },
    '& col.col-queue': { width: '12%' },
    '& col.col-status': { width: '15%' },
    '& col.col-runtime': { width: '13%' },
    '& col.col-preempt, & col.col-reclaim': { width: '21%' },
    '& col.col-podgroup': { width: '20%' },
    '& col.col-sla': { width: '22%' },
    '& col.col-roles': { width: '18%' },
    '& .phase': { fontWeight: 700 },
    '& .sla-expired': { fontWeight: 700, color: sim.evict },
    '& .job-row': { cursor: 'pointer', borderBottom: `1px solid ${palette.divider}` },
    '& .job-row:hover': { bgcolor: palette.action.hover },
    '& .job-row:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    '& .job-row.selected, & .job-row.selected:hover': { bgcolor: sim.selection },
    '& .job-row.selected td:first-of-type': { boxShadow: `inset 4px 0 0 ${palette.primary.main}` },
    '& .job-row td': {
      ...typography.body2,
      fontSize: typography.body1.fontSize,
      padding: '6px 10px',
      verticalAlign: 'middle',
      color: palette.text.primary,
      // break-word (not anywhere) keeps words whole unless one alone is wider than its column.
      overflowWrap: 'break-word',
    },
    '& .job-row td.nowrap': { whiteSpace: 'nowrap' },
    '& .job-name': { fontWeight: 700 },
    '& .show-on-tree': {
      ...typography.body2,
      marginTop: 4,
      padding: '0 8px',
      cursor: 'pointer',
      color: palette.primary.main,
      background: 'none',
      border: `1px solid ${palette.primary.main}`,
      borderRadius: 4,
    },
    '& .muted': { ...typography.body2, color: palette.text.secondary },
    '& .status': {
      display: 'inline-block',
      ...typography.body2,
      fontWeight: 600,
      lineHeight: '20px',
      padding: '0 8px',
      borderRadius: 12,
      border: '1px solid currentColor',
    },
    '& .status[data-kind=bind]': { color: sim.bind },
    '& .status[data-kind=pipeline]': { color: sim.pipeline },
    '& .status[data-kind=evict]': { color: sim.evict },
    '& .status[data-kind=pending]': { color: sim.pending },
    '& .status[data-kind=complete]': { color: sim.complete },
  };
}

/** A jobs-table column: the common ones here, a profile's from its UI module. */
interface Column {
  /** Cell and `<col>` class name. */
  id: string;
  /** Null: not sortable. */
  sortKey: JobSortKey | null;
  label: string;
  help?: string;
  /** A profile column's cell (the common ones are written out in JobRow). */
  cell?: ProfileJobColumn['cell'];
}

const COMMON_COLUMNS: Column[] = [
  { id: 'job', sortKey: 'name', label: 'Job', help: 'Name, then priority class (value)' },
  { id: 'queue', sortKey: 'queue', label: 'Queue' },
  { id: 'status', sortKey: 'status', label: 'Status', help: 'Tasks: running / minAvailable / total' },
  {
    id: 'runtime',
    sortKey: 'runtime',
    label: 'Run so far',
    help: 'Time run towards the job’s runtime since its last fresh start; for a job that was evicted or finished, how long its last run lasted',
  },
];

/** The columns for the loaded scenario: the common ones, then the profile's (its UI module decides). */
function columnsFor(summary: ScenarioSummary | null, hasRoles: boolean): Column[] {
  return [...COMMON_COLUMNS, ...uiModuleOf(summary?.profile).jobColumns(summary, { hasRoles })];
}

/** Whether some job of the shown session has task roles (the engine writes `roles` only then). */
const selectHasRoles = (s: AppState): boolean =>
  s.run.snapshot?.jobs.some((j) => j.roles !== undefined) ?? false;

const SORT_LABELS: Record<JobSortKey, string> = {
  name: 'job name',
  queue: 'queue',
  priority: 'priority',
  status: 'status',
  tasks: 'running tasks',
  runtime: 'run so far',
  preempt: 'preempt protection left',
  reclaim: 'reclaim protection left',
};

/** Sort keys a profile owns (KAI's protection), offered only where its columns are shown. */
const PROFILE_SORT_KEYS = new Set<JobSortKey>(UI_MODULES.flatMap((m) => m.ownSortKeys));

const STATUS_FILTERS: { value: JobStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'running', label: 'Running' },
  { value: 'protected', label: 'Protected' },
  { value: 'evicted', label: 'Evicted' },
];

const STATUS_KIND: Record<string, string> = {
  Releasing: 'evict',
  Pipelined: 'pipeline',
  Pending: 'pending',
  Succeeded: 'complete',
  Running: 'bind',
  'Partly running': 'bind',
};

/**
 * One row. Plain elements styled by class from the table's single style rule: a big cluster shows 50 rows
 * that all change every session, and per-row MUI components and `sx` objects cost more than the data.
 */
const JobRow = memo(function JobRow({
  job,
  columns,
  nowMs,
  isSelected,
  reservation,
  onToggle,
  onShowOnTree,
}: {
  job: JobState;
  columns: readonly Column[];
  nowMs: number;
  isSelected: boolean;
  /** "reserves 2 GPUs on node-0 for job" when the job reserved devices during the session. */
  reservation: string | null;
  onToggle: (name: string) => void;
  onShowOnTree: () => void;
}) {
  const status = jobStatusLabel(job);
  const runtime =
    job.runtimeMs === null
      ? formatSpan(job.progressMs)
      : `${formatSpan(job.progressMs)} of ${formatSpan(job.runtimeMs)}`;
  return (
    <tr
      className={isSelected ? 'job-row selected' : 'job-row'}
      aria-selected={isSelected}
      tabIndex={0}
      data-testid="jobs-table.row"
      data-job={job.name}
      onClick={() => onToggle(job.name)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onToggle(job.name);
        }
      }}
    >
      <td>
        <div className="job-name">{job.name}</div>
        <div className="muted">
          {job.priorityClassName ?? 'priority'} ({job.priority}){!job.preemptible && ' · non-preemptible'}
          {job.generatedBy !== undefined && ` · generated by workload[${job.generatedBy}]`}
        </div>
        {isSelected && (
          <button
            type="button"
            className="show-on-tree"
            data-testid="jobs-table.show-on-tree"
            onClick={(event) => {
              event.stopPropagation();
              onShowOnTree();
            }}
            onKeyDown={(event) => event.stopPropagation()}
          >
            Show on tree
          </button>
        )}
      </td>
      <td>{job.queue}</td>
      <td>
        <span className="status" data-kind={STATUS_KIND[status] ?? 'bind'}>
          {status}
        </span>
        <div className="muted" title="running / minAvailable / total">
          {job.running}/{job.minAvailable}/{job.taskCount} {nounFor(job.taskCount, 'task')}
          {/* Pods that already finished (decision 0330): they hold nothing, so "2/3/3" alone would read as a broken gang. */}
          {job.succeeded > 0 && job.succeeded < job.taskCount && ` · ${job.succeeded} succeeded`}
          {job.isElastic && ' · elastic'}
        </div>
        {reservation !== null && (
          <div className="muted" data-testid="jobs-table.reservation">
            <MomentTag moment="attempt" />
            {reservation}
          </div>
        )}
      </td>
      <td data-testid="jobs-table.runtime">
        {job.startedAtMs === null ? '—' : runtime}
        {job.startedAtMs !== null && (
          <div className="muted">
            started {formatInstant(job.startedAtMs)}
            {job.stoppedAtMs !== null && `, stopped ${formatInstant(job.stoppedAtMs)}`}
          </div>
        )}
      </td>
      {columns.map((column) =>
        column.cell === undefined ? null : <td key={column.id}>{column.cell(job, nowMs)}</td>,
      )}
    </tr>
  );
});

/** Rows matching the filter, in sort order, for the given session (built once per session, jobRowsOf). */
function useRows(snapshot: SessionView | null) {
  const sort = useAppStore(selectJobSort);
  const filter = useAppStore(selectJobFilter);
  const jobs = snapshot?.jobs ?? NO_JOBS;
  const nowMs = snapshot?.timeMs ?? 0;
  return { rows: jobRowsOf(jobs, filter, sort, nowMs, snapshot?.jobOrder), jobs, nowMs };
}

/** "12 of 40 jobs" (the rows of the table's own row model, so nothing is filtered twice). */
function JobsCount() {
  const { rows, jobs } = useRows(useAppStore(selectSnapshot));
  return (
    <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
      {rows.length === jobs.length
        ? plural(jobs.length, 'job')
        : `${rows.length} of ${plural(jobs.length, 'job')}`}
    </Typography>
  );
}

/** Filter and sort controls; they do not depend on the session, so steps do not re-render them. */
const JobsToolbar = memo(function JobsToolbar({ columns }: { columns: readonly Column[] }) {
  const sortKeys = (Object.keys(SORT_LABELS) as JobSortKey[]).filter(
    (key) => !PROFILE_SORT_KEYS.has(key) || columns.some((c) => c.sortKey === key),
  );
  const hasProtection = columns.some((c) => c.id === 'preempt');
  const sort = useAppStore(selectJobSort);
  const filter = useAppStore(selectJobFilter);
  const actions = useAppStore(selectActions);
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', px: 2, py: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" data-testid="jobs-table.moment">
        Statuses and task counts
        <MomentTag moment="session" />
      </Typography>
      <TextField
        size="small"
        label="Filter jobs"
        placeholder="name, queue or class"
        value={filter.text}
        onChange={(event) => actions.setView({ jobFilter: { ...filter, text: event.target.value } })}
        slotProps={{ htmlInput: { 'data-testid': 'jobs-table.filter' } }}
        sx={{ width: 200 }}
      />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filter.status}
        aria-label="Show jobs"
        onChange={(_, value: JobStatusFilter | null) => {
          if (value !== null) actions.setView({ jobFilter: { ...filter, status: value } });
        }}
      >
        {STATUS_FILTERS.filter((f) => f.value !== 'protected' || hasProtection).map((f) => (
          <ToggleButton key={f.value} value={f.value} data-testid={`jobs-table.status.${f.value}`}>
            {f.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        label="Sort by"
        value={sort.key}
        onChange={(event) =>
          actions.setView({ jobSort: { key: event.target.value as JobSortKey, direction: sort.direction } })
        }
        sx={{ width: 190 }}
        slotProps={{ htmlInput: { 'data-testid': 'jobs-table.sort-by' } }}
      >
        {sortKeys.map((key) => (
          <MenuItem key={key} value={key}>
            {SORT_LABELS[key]}
          </MenuItem>
        ))}
      </TextField>
      <JobsCount />
    </Box>
  );
});

/** Sortable column headers (with help tooltips); re-render only when the sort changes. */
const JobsTableHead = memo(function JobsTableHead({ columns }: { columns: readonly Column[] }) {
  const sort = useAppStore(selectJobSort);
  const actions = useAppStore(selectActions);
  const onSort = (key: JobSortKey) =>
    actions.setView({
      jobSort: { key, direction: sort.key === key && sort.direction === 'asc' ? 'desc' : 'asc' },
    });
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => {
          const key = column.sortKey;
          return (
            <TableCell
              key={column.id}
              sortDirection={key !== null && sort.key === key ? sort.direction : false}
            >
              <Tooltip title={column.help ?? ''} disableHoverListener={column.help === undefined}>
                {key === null ? (
                  <span data-testid={`jobs-table.column.${column.id}`}>{column.label}</span>
                ) : (
                  <TableSortLabel
                    active={sort.key === key}
                    direction={sort.key === key ? sort.direction : 'asc'}
                    onClick={() => onSort(key)}
                    data-testid={`jobs-table.sort.${key}`}
                  >
                    {column.label}
                  </TableSortLabel>
                )}
              </Tooltip>
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
});

/**
 * The rows: the only part of the table that changes from step to step. Rendered with the rest of the step,
 * not deferred (decision 0338): a deferred render cost a second commit and a second painted frame per step,
 * with the next session's arriving parts read in between; the row model is built once per session and only
 * the visible page's rows are rendered, so the step's one render stays short.
 */
function JobsBody({ columns }: { columns: readonly Column[] }) {
  const snapshot = useAppStore(selectSnapshot);
  const { rows, nowMs } = useRows(snapshot);
  const selected = useAppStore(selectSelectedJob);
  const actions = useAppStore(selectActions);
  const [page, setPage] = useState(0);
  const showOnTree = useCallback(() => actions.setView({ mainView: 'queues' }), [actions]);
  // What each job reserved during the session (decision 0274), worded by the shared formatter.
  const reservations = useMemo(() => {
    const out = new Map<string, string>();
    for (const a of snapshot?.trace.attempts ?? [])
      if (a.reserved !== undefined) out.set(a.job, describeReservation(a.job, a.reserved));
    return out;
  }, [snapshot]);
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shownPage = Math.min(page, pageCount - 1);
  const visible =
    rows.length > PAGE_SIZE ? rows.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE) : rows;
  return (
    <>
      <TableBody data-shown-session={snapshot?.index ?? 0}>
        {visible.map((job) => (
          <JobRow
            key={job.name}
            job={job}
            columns={columns}
            nowMs={nowMs}
            isSelected={job.name === selected}
            reservation={reservations.get(job.name) ?? null}
            onToggle={actions.toggleJob}
            onShowOnTree={showOnTree}
          />
        ))}
        {visible.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length}>
              <Typography color="text.secondary" sx={{ py: 2 }}>
                {snapshot !== null ? 'No job matches the filter.' : 'Loading the session…'}
              </Typography>
            </TableCell>
          </TableRow>
        )}
      </TableBody>
      {rows.length > PAGE_SIZE && (
        <TableFooter>
          <TableRow>
            <TablePagination
              count={rows.length}
              page={shownPage}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_, next: number) => setPage(next)}
            />
          </TableRow>
        </TableFooter>
      )}
    </>
  );
}

/** Every job at the cursor's session, sortable and filterable; selecting a row selects the job app-wide. */
export function JobsTable() {
  const theme = useTheme();
  const rowStyles = useMemo(() => jobRowStyles(theme), [theme]);
  const summary = useAppStore(selectSummary);
  const hasRoles = useAppStore(selectHasRoles);
  const columns = useMemo(() => columnsFor(summary, hasRoles), [summary, hasRoles]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <JobsToolbar columns={columns} />
      <Table
        stickyHeader
        size="small"
        aria-label="Jobs at this session"
        data-testid="jobs-table"
        // The main view's tab bar (48 px) is sticky above the header.
        sx={rowStyles}
      >
        <colgroup>
          {columns.map((column) => (
            <col key={column.id} className={`col-${column.id}`} />
          ))}
        </colgroup>
        <JobsTableHead columns={columns} />
        <JobsBody columns={columns} />
      </Table>
    </Box>
  );
}
