/** The knob picker the variant row and the sweep share: one labelled native select over the scenario's knobs. */
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import { knobId, knobLabel, type Knob } from './knobs';

export function KnobSelect(props: {
  id: string;
  name: string;
  label: string;
  minWidth: number;
  knobs: readonly Knob[];
  chosen: Knob | undefined;
  onChange: (id: string) => void;
}) {
  const { id, name, label, minWidth, knobs, chosen, onChange } = props;
  return (
    <FormControl size="small" sx={{ minWidth }}>
      <InputLabel variant="standard" htmlFor={id}>
        {label}
      </InputLabel>
      <NativeSelect
        value={chosen ? knobId(chosen) : ''}
        onChange={(e) => onChange(e.target.value)}
        inputProps={{ id, name }}
      >
        {knobs.map((k) => (
          <option key={knobId(k)} value={knobId(k)}>
            {knobLabel(k)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
