/** The "Seeds" input of the sweep and the comparison: how many seeds each point runs (1–20, default 5). */
import TextField from '@mui/material/TextField';

/** Most seeds the page asks per point: 20 points × 20 seeds is already 400 runs. */
export const MAX_PAGE_SEEDS = 20;

/** The seeds written, or null when it is not a whole number from 1 to MAX_PAGE_SEEDS. */
export function parseSeeds(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= MAX_PAGE_SEEDS ? n : null;
}

export function SeedsField(props: { value: string; onChange(v: string): void; testId: string }) {
  const bad = parseSeeds(props.value) === null;
  return (
    <TextField
      size="small"
      variant="standard"
      label={`seeds (1–${MAX_PAGE_SEEDS})`}
      value={props.value}
      error={bad}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ width: 100 }}
      slotProps={{ htmlInput: { 'data-testid': props.testId, inputMode: 'numeric' } }}
    />
  );
}
