import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SubGroupState } from '../../engine/model/snapshot';

/** One line of the tree: what the engine counted against the subgroup's minimum (§22). */
function describeRow(row: SubGroupState): string {
  if (row.kind === 'leaf') {
    const parts = [`${row.running} running`];
    if (row.pipelined > 0) parts.push(`${row.pipelined} pipelined`);
    return `${parts.join(' + ')} of minMember ${row.min} (${row.taskCount} ${row.taskCount === 1 ? 'task' : 'tasks'})`;
  }
  return `${row.have} of minSubGroup ${row.min} subgroups satisfied`;
}

/**
 * The job's subgroup tree at the cursor, as the engine reported it in the session's snapshot: each subgroup
 * with its placed tasks or satisfied children against its minimum, and for a subgroup with a topology
 * constraint (§21) the constraint and the domains its placed tasks occupy, as the engine reported them.
 * Names are rendered as text.
 */
export function SubGroupsSection({ rows }: { rows: readonly SubGroupState[] }) {
  return (
    <Box data-testid="inspector.subgroups">
      <Typography variant="h3" component="h3">
        Subgroups
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
        {rows.map((row) => (
          <Typography
            component="li"
            variant="body2"
            key={`${row.depth}:${row.name}`}
            data-testid="inspector.subgroup"
            data-subgroup={row.name}
            data-satisfied={String(row.satisfied)}
            sx={{ pl: 2 * (row.depth + 1) }}
          >
            <b>{row.name === '' ? 'pod group' : row.name}</b>
            {': '}
            {describeRow(row)}
            {' — '}
            <span style={{ fontWeight: 700 }}>{row.satisfied ? 'at its minimum' : 'below its minimum'}</span>
            {row.topology !== undefined && (
              <span data-testid="inspector.subgroup.topology">
                {'; '}
                {row.topology}
                {': '}
                {row.domain ?? 'not placed'}
              </span>
            )}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
