/** How the scenario was mapped onto each profile: what it assumed, what it could not carry, or why not at all. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProfileColumn } from '../../engine/index';

export function MappingNotes({ columns }: { columns: readonly ProfileColumn[] }) {
  return (
    <Box
      data-testid="compare.mappings"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}
    >
      {columns.map((col) => (
        <Box key={col.profile} data-testid={`compare.mapping.${col.profile}`}>
          <Typography variant="subtitle2" component="h3">
            {col.expressible
              ? `Onto ${col.profile} (${col.sessions} sessions run)`
              : `Onto ${col.profile}: cannot be expressed`}
          </Typography>
          <NoteList title="Cannot" items={col.reasons.map((r) => `${r.path}: ${r.text}`)} />
          <NoteList title="Assumes" items={col.assumptions} testId={`compare.assumptions.${col.profile}`} />
          <NoteList
            title="Not mapped"
            items={[
              ...col.unmapped.map((u) => `${u.path}: ${u.text}`),
              ...(col.unmappedOmitted > 0 ? [`… and ${col.unmappedOmitted} more fields`] : []),
            ]}
          />
        </Box>
      ))}
    </Box>
  );
}

function NoteList({ title, items, testId }: { title: string; items: readonly string[]; testId?: string }) {
  if (items.length === 0) return null;
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((text, i) => (
          <Typography component="li" variant="body2" key={i}>
            {text}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
