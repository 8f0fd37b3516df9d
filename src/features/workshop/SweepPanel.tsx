/**
 * Sweep one knob over several values, each over K seeds (issue 20): a min-runtime picker over a range, any
 * knob path with listed values, or the file's own variants. Every point runs in a workshop worker (several
 * at once when the machine has cores), with progress and Cancel; the results (SweepResults) show each
 * point's mean with its 95% interval and the policy frontier the worker found.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWorkshopStore } from '../../store/workshop/WorkshopStoreProvider';
import type { SweepJob } from '../../store/workshop/createWorkshopStore';
import type { VizTheme } from '../../viz/theme';
import { KnobSelect } from './KnobSelect';
import { changeFor, goDuration, knobId, knobLabel, parseSeconds, sweepSeconds, type Knob } from './knobs';
import { SeedsField, parseSeeds } from './SeedsField';
import { SweepResults } from './SweepResults';
import { addVariant, outlineOf, uniqueVariantName } from './variantText';

/** At most this many values in one sweep (each is K whole runs). */
export const MAX_SWEEP_POINTS = 20;

type Mode = 'picker' | 'path' | 'variants';

/** The comma-separated values of "any path", trimmed; an empty item is left out. */
const listed = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

export function SweepPanel({
  text,
  knobs,
  theme,
  broken,
}: {
  text: string;
  knobs: readonly Knob[];
  theme: VizTheme;
  broken: boolean;
}) {
  const sweep = useWorkshopStore((s) => s.sweep);
  const actions = useWorkshopStore((s) => s.actions);
  const outline = outlineOf(text);
  const [mode, setMode] = useState<Mode>('picker');
  const [knob, setKnob] = useState('');
  const chosen = knobs.find((k) => knobId(k) === knob) ?? knobs[0];
  const [from, setFrom] = useState('0s');
  const [to, setTo] = useState('5m');
  const [steps, setSteps] = useState('6');
  const [path, setPath] = useState('plugins.minruntime.defaultReclaimMinRuntime');
  const [values, setValues] = useState('0s, 5m, 30m');
  const [seedsText, setSeedsText] = useState('5');
  const seeds = parseSeeds(seedsText);

  const fromS = parseSeconds(from);
  const toS = parseSeconds(to);
  const n = Number(steps);
  const pathValues = listed(values);
  const variantNames = ['base', ...outline.variants];
  const problem =
    seeds === null
      ? 'Seeds is a whole number from 1 to 20.'
      : mode === 'picker'
        ? chosen === undefined
          ? 'This scenario has no min-runtime knob to pick (add the minruntime plugin or a queue).'
          : fromS === null || toS === null
            ? 'From and to are durations such as 0s, 90s, 5m.'
            : !Number.isInteger(n) || n < 2 || n > MAX_SWEEP_POINTS
              ? `Steps is a whole number from 2 to ${MAX_SWEEP_POINTS}.`
              : null
        : mode === 'path'
          ? path.trim() === ''
            ? 'Write a knob path such as queues.team-a.reclaimMinRuntime.'
            : pathValues.length < 2 || pathValues.length > MAX_SWEEP_POINTS
              ? `List 2 to ${MAX_SWEEP_POINTS} values, separated by commas.`
              : new Set(pathValues).size !== pathValues.length
                ? 'Each value once.'
                : null
          : variantNames.length < 2
            ? 'This scenario has no variants to sweep over.'
            : null;

  const jobsFor = (): { knob: string; jobs: SweepJob[] } | null => {
    if (problem !== null) return null;
    if (mode === 'variants')
      return { knob: 'variants', jobs: variantNames.map((v) => ({ label: v, text, variant: v })) };
    const taken = outline.variants;
    if (mode === 'path') {
      // The worker makes each value a variant with the engine's knobVariant (§15.2), validated as a
      // variant in the file, so its errors read like §15's and name the path.
      const p = path.trim();
      return { knob: p, jobs: pathValues.map((value) => ({ label: value, text, knob: { path: p, value } })) };
    }
    if (chosen === undefined || fromS === null || toS === null) return null;
    const jobs = sweepSeconds(fromS, toS, n).map((sec): SweepJob => {
      const label = goDuration(sec);
      const variant = uniqueVariantName(`sweep-${label}`, taken);
      return { label, variant, text: addVariant(text, { name: variant, ...changeFor(chosen, label) }, null) };
    });
    return { knob: knobLabel(chosen), jobs };
  };
  const start = () => {
    const planned = jobsFor();
    if (planned === null || seeds === null) return;
    // Without a workload every seed runs the same and the worker runs each point once: ask for one, so
    // the progress counts the runs that will be made from the start.
    void actions.sweep(planned.knob, planned.jobs, outline.workload ? seeds : 1);
  };
  const running = sweep.status === 'running';
  const field = (
    label: string,
    value: string,
    set: (v: string) => void,
    testId: string,
    width: number,
    numeric = false,
  ) => (
    <TextField
      size="small"
      variant="standard"
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      sx={{ width }}
      slotProps={{ htmlInput: { 'data-testid': testId, ...(numeric && { inputMode: 'numeric' }) } }}
    />
  );

  return (
    <Box sx={{ mt: 2 }} data-testid="workshop.sweep">
      <Typography variant="subtitle2" component="h3">
        Sweep one knob
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Each value runs the base scenario with that one change, once per seed, in parallel workers when the
        machine has cores.
      </Typography>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ my: 1, alignItems: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}
      >
        <FormControl size="small" sx={{ minWidth: 170 }}>
          <InputLabel variant="standard" htmlFor="workshop-sweep-mode">
            Sweep over
          </InputLabel>
          <NativeSelect
            value={mode}
            onChange={(e) => setMode(e.target.value as Mode)}
            inputProps={{ id: 'workshop-sweep-mode', name: 'workshop.sweep-mode' }}
          >
            <option value="picker">a min-runtime</option>
            <option value="path">any knob path</option>
            <option value="variants">the file's variants</option>
          </NativeSelect>
        </FormControl>
        {mode === 'picker' && knobs.length > 0 && (
          <>
            <KnobSelect
              id="workshop-sweep-knob"
              name="workshop.sweep-knob"
              label="Knob"
              minWidth={240}
              knobs={knobs}
              chosen={chosen}
              onChange={setKnob}
            />
            {field('from', from, setFrom, 'workshop.sweep-from', 80)}
            {field('to', to, setTo, 'workshop.sweep-to', 80)}
            {field(`steps (2–${MAX_SWEEP_POINTS})`, steps, setSteps, 'workshop.sweep-steps', 100, true)}
          </>
        )}
        {mode === 'path' && (
          <>
            {field('knob path', path, setPath, 'workshop.sweep-path', 340)}
            {field('values (comma-separated)', values, setValues, 'workshop.sweep-values', 220)}
          </>
        )}
        {mode === 'variants' && (
          <Typography variant="body2" sx={{ pb: 0.5 }}>
            {variantNames.join(', ')}
          </Typography>
        )}
        <SeedsField value={seedsText} onChange={setSeedsText} testId="workshop.sweep-seeds" />
        <Button
          variant="contained"
          size="small"
          disabled={running || broken || problem !== null}
          onClick={start}
          data-testid="workshop.sweep-run"
        >
          Run sweep
        </Button>
        <Button
          size="small"
          disabled={!running}
          onClick={() => actions.cancelSweep()}
          data-testid="workshop.sweep-cancel"
        >
          Cancel
        </Button>
      </Stack>
      {mode === 'path' && (
        <Typography variant="caption" color="text.secondary" component="p">
          Paths as a variant writes them: queues.&lt;queue&gt;.&lt;field&gt;,
          plugins.&lt;plugin&gt;.&lt;argument&gt;, jobs.&lt;job&gt;.&lt;field&gt;, actions, schedulePeriod,
          seed.
        </Typography>
      )}
      {problem !== null && (
        <Typography variant="caption" color="error" component="p" data-testid="workshop.sweep-problem">
          {problem}
        </Typography>
      )}
      {!outline.workload && sweep.status === 'idle' && (
        <Typography variant="caption" color="text.secondary" component="p">
          This scenario has no workload: every seed runs the same, so each point runs once.
        </Typography>
      )}
      <SweepResults sweep={sweep} theme={theme} csv={actions.sweepCsv} />
    </Box>
  );
}
