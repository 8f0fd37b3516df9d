/**
 * The Workshop tab (issue 12): two variants of the scenario in the editor, run in the worker and shown
 * side by side on one cursor, with the first divergence, a per-session diff of decisions and metric
 * plots; "Duplicate as variant" writes a new variant into the text; a sweep runs one knob over a range.
 * Every number comes from the worker; this view reads the text only to list names.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { useWorkshopStore } from '../../store/workshop/WorkshopStoreProvider';
import { useVizTheme } from '../viz-panel/useVizSettings';
import { ComparePanels } from './ComparePanels';
import { knobId, knobLabel, knobsFor, changeFor, type Knob } from './knobs';
import { KnobSelect } from './KnobSelect';
import { ReplicatesPanel } from './ReplicatesPanel';
import { SeedsField, parseSeeds } from './SeedsField';
import { SweepPanel } from './SweepPanel';
import { addVariant, outlineOf, uniqueVariantName } from './variantText';

const selectText = (s: { scenario: { draft: string; loadedText: string | null } }) =>
  s.scenario.draft !== '' ? s.scenario.draft : (s.scenario.loadedText ?? '');

export function WorkshopView() {
  const text = useAppStore(selectText);
  const app = useAppStore(selectActions);
  const outline = useMemo(() => outlineOf(text), [text]);
  const names = useMemo(() => ['base', ...outline.variants], [outline.variants]);
  const compare = useWorkshopStore((s) => s.compare);
  const actions = useWorkshopStore((s) => s.actions);
  const theme = useVizTheme();
  const [a, setA] = useState('base');
  const [b, setB] = useState(outline.variants[0] ?? 'base');
  const sideA = names.includes(a) ? a : 'base';
  const sideB = names.includes(b) ? b : (outline.variants[0] ?? 'base');

  const knobs = useMemo(() => knobsFor(outline.queues, outline.plugins), [outline.queues, outline.plugins]);
  const [knob, setKnob] = useState<string>('');
  const chosen: Knob | undefined = knobs.find((k) => knobId(k) === knob) ?? knobs[0];
  const [value, setValue] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [seedsText, setSeedsText] = useState('5');
  const seeds = parseSeeds(seedsText);

  const duplicate = () => {
    const name = uniqueVariantName(`${sideB}-copy`, outline.variants);
    const change = chosen !== undefined && value.trim() !== '' ? changeFor(chosen, value.trim()) : {};
    try {
      app.setDraft(addVariant(text, { name, ...change }, sideB === 'base' ? null : sideB));
      setB(name);
      setNote(
        `Added variant "${name}" to the scenario text${value.trim() !== '' && chosen ? ` (${knobLabel(chosen)}: ${value.trim()})` : ''}. Change one thing in it with Edit, or compare it now.`,
      );
    } catch (e) {
      setNote(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Box sx={{ p: 1.5, overflow: 'auto', height: '100%' }} data-testid="workshop">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Workshop: compare variants of this scenario
      </Typography>
      {outline.broken && (
        <Alert severity="warning" sx={{ my: 1 }}>
          The scenario text is not valid YAML; open Edit to fix it.
        </Alert>
      )}
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ my: 1, flexWrap: 'wrap', alignItems: 'flex-end', rowGap: 1 }}
      >
        <VariantSelect label="A" value={sideA} names={names} onChange={setA} testId="workshop.variant-a" />
        <VariantSelect label="B" value={sideB} names={names} onChange={setB} testId="workshop.variant-b" />
        <SeedsField value={seedsText} onChange={setSeedsText} testId="workshop.compare-seeds" />
        <Button
          variant="contained"
          size="small"
          disabled={compare.status === 'running' || outline.broken || seeds === null}
          onClick={() => void actions.compare(text, sideA, sideB, seeds ?? 1)}
          data-testid="workshop.compare"
        >
          {compare.status === 'running' ? 'Running A and B…' : 'Compare A and B'}
        </Button>
      </Stack>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'flex-end', rowGap: 1 }}
      >
        <Typography variant="body2" sx={{ pb: 0.5 }}>
          New variant from B:
        </Typography>
        <KnobSelect
          id="workshop-knob"
          name="workshop.knob"
          label="Change one thing"
          minWidth={260}
          knobs={knobs}
          chosen={chosen}
          onChange={setKnob}
        />
        <TextField
          size="small"
          variant="standard"
          label={chosen?.kind === 'method' ? 'lca or queue' : 'value (e.g. 5m)'}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { 'data-testid': 'workshop.knob-value' } }}
        />
        <Button
          variant="outlined"
          size="small"
          disabled={outline.broken}
          onClick={duplicate}
          data-testid="workshop.duplicate"
        >
          Duplicate B as variant
        </Button>
      </Stack>
      {note !== null && (
        <Alert severity="info" sx={{ mb: 1 }} onClose={() => setNote(null)} data-testid="workshop.note">
          {note}
        </Alert>
      )}
      {compare.status === 'failed' && compare.error !== null && (
        <Alert severity="error" sx={{ mb: 1, whiteSpace: 'pre-wrap' }} data-testid="workshop.error">
          {compare.error}
        </Alert>
      )}
      {compare.status === 'idle' && (
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          Pick two variants (the scenario itself is <b>base</b>) and press Compare: both run to the end in the
          simulator, then this page shows where their decisions first differ and what each costs.
        </Typography>
      )}
      {compare.replicates !== null && <ReplicatesPanel replicates={compare.replicates} />}
      {compare.result !== null && <ComparePanels result={compare.result} theme={theme} />}
      <SweepPanel
        text={text}
        knobs={knobs.filter((k) => k.kind !== 'method')}
        theme={theme}
        broken={outline.broken}
      />
    </Box>
  );
}

function VariantSelect({
  label,
  value,
  names,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  names: readonly string[];
  onChange(name: string): void;
  testId: string;
}) {
  const id = `workshop-variant-${label}`;
  return (
    <FormControl size="small" sx={{ minWidth: 140 }}>
      <InputLabel variant="standard" htmlFor={id}>
        Variant {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputProps={{ id, name: testId }}
      >
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
