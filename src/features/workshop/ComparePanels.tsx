/**
 * The A/B comparison: the first divergence with a jump button, one cursor for both sides, the same key
 * figures per side at the cursor, each side's decisions there, the sessions that differ, and the metric
 * plots of both sides overlaid (A solid, B dashed), exportable as SVG/PNG and the metrics as CSV.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DecisionFact } from '../../engine/index';
import type { VariantRun } from '../../protocol/workshop';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectCursor, selectMarkers } from '../../store/runSlice';
import { useWorkshopStore } from '../../store/workshop/WorkshopStoreProvider';
import type { CompareOk } from '../../store/workshop/createWorkshopStore';
import { StepChart } from '../../viz/charts/StepChart';
import { downloadBlob } from '../../viz/export/downloadBlob';
import { svgTextToPng } from '../../viz/export/rasterize';
import { exportSvgElement, serializeSvg } from '../../viz/export/serializeSvg';
import type { StepSeries } from '../../viz/layouts/stepChartLayout';
import type { VizTheme } from '../../viz/theme';
import { ExportButtons } from '../viz-panel/ExportButtons';
import { clock, gpuMin, percent, seconds } from './format';

/** Comparisons whose divergence has been put on the main timeline (coming back to the tab keeps the cursor). */
const announced = new WeakSet<CompareOk>();

export function ComparePanels({ result, theme }: { result: CompareOk; theme: VizTheme }) {
  const cursor = useWorkshopStore((s) => s.cursor);
  const { setCursor: setWorkshopCursor } = useWorkshopStore((s) => s.actions);
  const app = useAppStore(selectActions);
  const appCursor = useAppStore(selectCursor);
  const mainCount = useAppStore((s) => selectMarkers(s).length);
  const { a, b, comparison } = result;
  const last = Math.max(a.sessions.length, b.sessions.length, 1);
  const first = comparison.firstDivergence?.session ?? null;
  const session = Math.min(Math.max(1, cursor), last);

  // One cursor: the main timeline (the run of the loaded scenario, which the user steps with the arrow
  // keys) and this comparison move together. The first divergence is flagged on the main timeline too,
  // with the comparison's own sentence, and the main cursor goes there once per comparison.
  useEffect(() => {
    if (announced.has(result)) return;
    announced.add(result);
    app.setView({
      timelineFlag:
        first === null
          ? null
          : { session: first, label: `${result.text} (Workshop: A = ${a.variant}, B = ${b.variant})` },
    });
    if (first !== null) app.setCursor(first);
  }, [result, first, a.variant, b.variant, app]);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const seenAppCursor = useRef(appCursor);
  useEffect(() => {
    // Only a move of the main cursor counts; one that merely follows this cursor (clamped to a shorter
    // main run) is not a move.
    if (seenAppCursor.current === appCursor) return;
    seenAppCursor.current = appCursor;
    if (appCursor < 1 || appCursor === Math.min(sessionRef.current, mainCount)) return;
    setWorkshopCursor(appCursor);
  }, [appCursor, mainCount, setWorkshopCursor]);
  const setCursor = (s: number) => {
    setWorkshopCursor(s);
    app.setCursor(s);
  };
  const time = a.sessions[session - 1]?.timeMs ?? b.sessions[session - 1]?.timeMs ?? 0;
  const diff = comparison.diffs.find((d) => d.session === session) ?? null;

  return (
    <Box sx={{ mt: 1 }}>
      <Alert
        severity={first === null ? 'success' : 'warning'}
        data-testid="workshop.divergence"
        action={
          first !== null && (
            <Button color="inherit" size="small" onClick={() => setCursor(first)} data-testid="workshop.jump">
              Jump to session {first}
            </Button>
          )
        }
      >
        <b>
          A = {a.variant}, B = {b.variant}.
        </b>{' '}
        {result.text}
      </Alert>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 1 }}>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="workshop.cursor">
          Session {session} of {last} · t = {clock(time)}
        </Typography>
        <Slider
          size="small"
          min={1}
          max={last}
          step={1}
          value={session}
          onChange={(_, v) => setCursor(Array.isArray(v) ? (v[0] ?? 1) : v)}
          aria-label="Session (both sides)"
          marks={first !== null ? [{ value: first, label: 'first divergence' }] : []}
          sx={{ flexGrow: 1, mr: 2 }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <SidePanel side="A" run={a} session={session} only={diff?.onlyA ?? []} />
        <SidePanel side="B" run={b} session={session} only={diff?.onlyB ?? []} />
      </Stack>
      <DiffTable result={result} session={session} onPick={setCursor} />
      <Charts result={result} session={session} mark={first} onCursor={setCursor} theme={theme} />
    </Box>
  );
}

/** The figures of one side at the cursor, and over the whole run. */
function SidePanel({
  side,
  run,
  session,
  only,
}: {
  side: 'A' | 'B';
  run: VariantRun;
  session: number;
  only: readonly DecisionFact[];
}) {
  const s = run.metrics.sessions[session - 1];
  const sums = useMemo(() => {
    let evictions = 0;
    let lost = 0;
    for (const m of run.metrics.sessions.slice(0, session)) {
      evictions += m.cluster.evictions;
      lost += m.cluster.gpuMsLost;
    }
    return { evictions, lost };
  }, [run, session]);
  const decisions = run.sessions[session - 1]?.decisions ?? [];
  const onlyKeys = new Set(only.map((d) => `${d.kind} ${d.task} ${d.node ?? ''}`));
  const sum = run.metrics.summary;
  const figures: [string, string, string][] = [
    ['utilisation', 'GPU utilisation', s ? percent(s.cluster.utilisation) : '—'],
    [
      'pending',
      'Pending jobs (p95 wait)',
      s ? `${s.cluster.pendingJobs} (${seconds(s.cluster.waitP95Ms)})` : '—',
    ],
    ['evictions', 'Evictions so far', String(sums.evictions)],
    ['gpu-lost', 'GPU time lost so far', gpuMin(sums.lost)],
    ['gpu-lost-total', 'GPU time lost, whole run', gpuMin(sum.gpuMsLost)],
    [
      'fair-share',
      'Time to fair share (mean / worst)',
      sum.meanTimeToFairShareMs === null
        ? 'always at its share'
        : `${seconds(sum.meanTimeToFairShareMs)} / ${seconds(sum.maxTimeToFairShareMs)}${sum.unreachedFairShare > 0 ? ` (${sum.unreachedFairShare} never)` : ''}`,
    ],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 1.25, flex: 1, minWidth: 0 }} data-testid={`workshop.side-${side}`}>
      <Typography variant="subtitle2" component="h3">
        {side}: {run.variant} {side === 'A' ? '(solid lines)' : '(dashed lines)'}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, my: 0.5 }}
      >
        {figures.map(([id, label, value]) => (
          <Box key={id} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
              data-testid={`workshop.${side}.${id}`}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        Queues in session {session}: allocated / fair share GPUs (jobs waiting)
      </Typography>
      <Box
        component="ul"
        sx={{ m: 0, mb: 0.5, pl: 2.5, fontSize: 13, fontVariantNumeric: 'tabular-nums' }}
        data-testid={`workshop.${side}.queues`}
      >
        {(s?.queues ?? []).map((q) => (
          <li key={q.queue} style={{ fontWeight: q.allocatedGpu + 1e-6 < q.fairShareGpu ? 600 : 400 }}>
            {q.queue}: {round(q.allocatedGpu)} / {round(q.fairShareGpu)}
            {q.pendingJobs > 0 ? ` (${q.pendingJobs})` : ''}
            {q.allocatedGpu + 1e-6 < q.fairShareGpu ? ' below its share' : ''}
          </li>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        Decisions in session {session}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, fontSize: 13 }} data-testid={`workshop.${side}.decisions`}>
        {decisions.length === 0 && <li>none</li>}
        {decisions.map((d) => {
          const differs = onlyKeys.has(`${d.kind} ${d.task} ${d.node ?? ''}`);
          return (
            <li key={`${d.kind} ${d.task}`} style={{ fontWeight: differs ? 600 : 400 }}>
              {d.action}: {d.kind} {d.task}
              {d.node !== null ? ` on ${d.node}` : ''}
              {d.by !== null ? ` for ${d.by}` : ''}
              {differs ? ` (only in ${side})` : ''}
            </li>
          );
        })}
      </Box>
    </Paper>
  );
}

/** Every session where the two sides' decisions differ; a row moves the cursor there. */
function DiffTable({
  result,
  session,
  onPick,
}: {
  result: CompareOk;
  session: number;
  onPick(s: number): void;
}) {
  const { comparison } = result;
  if (comparison.diffs.length === 0) return null;
  const phrase = (list: readonly DecisionFact[]) =>
    list.length === 0
      ? '—'
      : list.map((d) => `${d.kind} ${d.task}${d.node !== null ? ` on ${d.node}` : ''}`).join(', ');
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        Sessions where the decisions differ ({comparison.differingSessions})
      </Typography>
      <Box
        component="table"
        sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}
        data-testid="workshop.diff-table"
      >
        <thead>
          <tr>
            <Box component="th" sx={{ textAlign: 'left', width: 80 }}>
              Session
            </Box>
            <Box component="th" sx={{ textAlign: 'left' }}>
              Only in A ({result.a.variant})
            </Box>
            <Box component="th" sx={{ textAlign: 'left' }}>
              Only in B ({result.b.variant})
            </Box>
          </tr>
        </thead>
        <tbody>
          {comparison.diffs.slice(0, 200).map((d) => (
            <Box
              component="tr"
              key={d.session}
              onClick={() => onPick(d.session)}
              sx={{
                cursor: 'pointer',
                bgcolor: d.session === session ? 'action.selected' : undefined,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <td>
                <Button size="small" onClick={() => onPick(d.session)} sx={{ minWidth: 0, p: 0 }}>
                  {d.session}
                </Button>
              </td>
              <td>{phrase(d.onlyA)}</td>
              <td>{phrase(d.onlyB)}</td>
            </Box>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function Charts({
  result,
  session,
  mark,
  onCursor,
  theme,
}: {
  result: CompareOk;
  session: number;
  mark: number | null;
  onCursor(s: number): void;
  theme: VizTheme;
}) {
  const { a, b } = result;
  const queues = a.metrics.sessions[0]?.queues.map((q) => q.queue) ?? [];
  const [queue, setQueue] = useState<string>('');
  const shownQueue = queues.includes(queue) ? queue : (leafWithEpisode(a) ?? queues.at(-1) ?? '');
  const series = useMemo(() => {
    const pick = (run: VariantRun, f: (i: number) => number) =>
      run.metrics.sessions.map((s, i) => ({ x: s.index, y: f(i) }));
    const q = (run: VariantRun, field: 'allocatedGpu' | 'fairShareGpu') =>
      pick(run, (i) => run.metrics.sessions[i]?.queues.find((x) => x.queue === shownQueue)?.[field] ?? 0);
    const cumulative = (run: VariantRun) => {
      let total = 0;
      return run.metrics.sessions.map((s) => ({ x: s.index, y: (total += s.cluster.gpuMsLost) / 60_000 }));
    };
    const [c0, c1] = [theme.categorical[0] ?? theme.allocated, theme.categorical[1] ?? theme.evicted];
    const both = (
      id: string,
      f: (run: VariantRun) => { x: number; y: number }[],
      color: string,
    ): StepSeries[] => [
      { id: `${id}-a`, label: `${id} A (${a.variant})`, color, dashed: false, points: f(a) },
      { id: `${id}-b`, label: `${id} B (${b.variant})`, color, dashed: true, points: f(b) },
    ];
    return {
      share: [
        ...both('allocated', (r) => q(r, 'allocatedGpu'), c0),
        ...both('fair share', (r) => q(r, 'fairShareGpu'), c1),
      ],
      utilisation: both(
        'utilisation',
        (r) => pick(r, (i) => (r.metrics.sessions[i]?.cluster.utilisation ?? 0) * 100),
        c0,
      ),
      evictions: both('evictions', (r) => pick(r, (i) => r.metrics.sessions[i]?.cluster.evictions ?? 0), c1),
      lost: both('GPU time lost', cumulative, c1),
    };
  }, [a, b, shownQueue, theme]);
  const fmt = useMemo(
    () => ({ n: (v: number) => String(Math.round(v * 100) / 100), pct: (v: number) => `${v}%` }),
    [],
  );
  return (
    <Box sx={{ mt: 1.5 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mr: 1 }}>
          Metrics over time (A solid, B dashed; hover to move the cursor)
        </Typography>
        <FormControl size="small" sx={{ minWidth: 140 }}>
          <InputLabel variant="standard" htmlFor="workshop-queue">
            Queue
          </InputLabel>
          <NativeSelect
            value={shownQueue}
            onChange={(e) => setQueue(e.target.value)}
            inputProps={{ id: 'workshop-queue' }}
          >
            {queues.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
        <Button size="small" variant="outlined" onClick={() => downloadCsv(a)} data-testid="workshop.csv-a">
          CSV A
        </Button>
        <Button size="small" variant="outlined" onClick={() => downloadCsv(b)} data-testid="workshop.csv-b">
          CSV B
        </Button>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(340px, 1fr))',
          gap: 1.5,
          mt: 1,
        }}
      >
        {(
          [
            [
              `Queue ${shownQueue}: allocated vs fair share (GPUs)`,
              'allocation-vs-fair-share',
              series.share,
              fmt.n,
            ],
            ['GPU utilisation (%)', 'utilisation', series.utilisation, fmt.pct],
            ['Evictions per session', 'evictions', series.evictions, fmt.n],
            ['GPU time lost to preemption (GPU·min, cumulative)', 'gpu-time-lost', series.lost, fmt.n],
          ] as const
        ).map(([title, file, chartSeries, formatY]) => (
          <ChartCard
            key={file}
            title={title}
            file={file}
            series={chartSeries}
            session={session}
            mark={mark}
            onCursor={onCursor}
            formatY={formatY}
            theme={theme}
          />
        ))}
      </Box>
    </Box>
  );
}

/** The first leaf queue that waited for its fair share in A: the most telling default. */
function leafWithEpisode(run: VariantRun): string | null {
  return run.metrics.episodes[0]?.queue ?? null;
}

function ChartCard(props: {
  title: string;
  file: string;
  series: readonly StepSeries[];
  session: number;
  mark: number | null;
  onCursor(s: number): void;
  formatY(v: number): string;
  theme: VizTheme;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const makeBlob = (format: 'svg' | 'png') => {
    const svg = ref.current;
    if (svg === null) return null;
    if (format === 'svg') return Promise.resolve(exportSvgElement(svg));
    const out = serializeSvg(svg);
    return svgTextToPng(out.text, out.width, out.height);
  };
  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid={`workshop.chart.${props.file}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {props.title}
        </Typography>
        <ExportButtons
          what={props.title}
          fileName={props.file}
          makeBlob={makeBlob}
          testId={`workshop.export.${props.file}`}
        />
      </Stack>
      <StepChart
        ref={ref}
        title={props.title}
        series={props.series}
        cursor={props.session}
        mark={props.mark}
        onCursor={props.onCursor}
        formatY={props.formatY}
        theme={props.theme}
      />
    </Paper>
  );
}

const round = (x: number) => String(Math.round(x * 100) / 100);

function downloadCsv(run: VariantRun): void {
  downloadBlob(new Blob([run.csv], { type: 'text/csv' }), `metrics-${run.variant}.csv`);
}
