import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { QuotaRule, TraceFormat } from '../../protocol/clusterImport';
import {
  QUOTA_RULE_HELP,
  QUOTA_RULE_LABEL,
  TRACE_FIELD_LABEL,
  TRACE_FORMAT_LABEL,
} from './traceFormatLabels';
import type { TraceOptionsField, TraceOptionsForm } from './traceOptions';

const QUOTA_RULES = Object.keys(QUOTA_RULE_LABEL) as QuotaRule[];
/** Every format, from the label table that the TraceFormat type keeps complete (the UI imports no engine value). */
const TRACE_FORMATS = Object.keys(TRACE_FORMAT_LABEL) as TraceFormat[];

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>{children}</Box>
    </Box>
  );
}

/**
 * The trace import's options (issue 20): the format (the detected one preselected, changeable), time
 * compression, the window and sampling, the quota rule and the cluster's shape. Each field shows its
 * own problem under it; the engine's bounds come back as its errors.
 */
export function TraceOptionsFields({
  form,
  errors,
  detected,
  onChange,
}: {
  form: TraceOptionsForm;
  errors: Partial<Record<TraceOptionsField, string>>;
  detected: TraceFormat | null;
  onChange(form: TraceOptionsForm): void;
}) {
  const text = (field: TraceOptionsField, help: string, width = 200) => (
    <TextField
      label={TRACE_FIELD_LABEL[field]}
      value={form[field]}
      onChange={(e) => onChange({ ...form, [field]: e.target.value })}
      error={errors[field] !== undefined}
      helperText={errors[field] ?? help}
      sx={{ width }}
      slotProps={{ htmlInput: { 'data-testid': `trace-import.${field}` } }}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <TextField
        select
        label="Format"
        value={form.format}
        onChange={(e) => onChange({ ...form, format: e.target.value as TraceFormat })}
        helperText={
          detected === null
            ? 'Choose the trace this file comes from.'
            : `Detected from the file's content: ${TRACE_FORMAT_LABEL[detected]}.`
        }
        slotProps={{ htmlInput: { 'data-testid': 'trace-import.format' } }}
      >
        {TRACE_FORMATS.map((f) => (
          <MenuItem key={f} value={f} data-testid={`trace-import.format.${f}`}>
            {TRACE_FORMAT_LABEL[f]}
          </MenuItem>
        ))}
      </TextField>
      <Group title="Time">
        {text('compress', '24 turns a day of the trace into an hour; 1 keeps it', 260)}
        {text('windowFrom', 'Trace time after the first submit, e.g. 2h or 1d')}
        {text('windowTo', 'Empty: to the end of the trace')}
      </Group>
      <Group title="Sampling">
        {text('firstJobs', 'By submit time; empty: all')}
        {text('fraction', 'Each job kept with this chance, 0 to 1')}
        {text('seed', 'Draws the fraction: the same seed keeps the same jobs', 240)}
      </Group>
      <Group title="Queues and cluster">
        <TextField
          select
          label="Quotas"
          value={form.quotaRule}
          onChange={(e) => onChange({ ...form, quotaRule: e.target.value as QuotaRule })}
          helperText={QUOTA_RULE_HELP[form.quotaRule]}
          sx={{ flex: '1 1 260px' }}
          slotProps={{ htmlInput: { 'data-testid': 'trace-import.quota' } }}
        >
          {QUOTA_RULES.map((rule) => (
            <MenuItem key={rule} value={rule} data-testid={`trace-import.quota.${rule}`}>
              {QUOTA_RULE_LABEL[rule]}
            </MenuItem>
          ))}
        </TextField>
        {text('gpusPerNode', 'A job larger than this spans nodes')}
        {text('nodes', 'Empty: enough for the peak GPU use')}
      </Group>
    </Box>
  );
}
