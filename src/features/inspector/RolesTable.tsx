/**
 * A Volcano job's task roles (docs §26): each role's Running and Pipelined tasks against its minTaskMember,
 * as the engine's snapshot counted them at the end of the session. Role names are data, rendered as text.
 */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RoleState } from '../../engine/model/snapshot';

export function RolesTable({ roles }: { roles: readonly RoleState[] }) {
  return (
    <>
      <Typography variant="h3" component="h3">
        Task roles
      </Typography>
      <Table size="small" aria-label="Task roles" data-testid="inspector.roles">
        <TableHead>
          <TableRow>
            <TableCell>role</TableCell>
            <TableCell align="right">running / min</TableCell>
            <TableCell align="right">pipelined</TableCell>
            <TableCell align="right">tasks</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {roles.map((r) => {
            const short = r.minTaskMember !== null && r.running + r.pipelined < r.minTaskMember;
            return (
              <TableRow key={r.role} data-testid="inspector.role-row">
                <TableCell>{r.role === '' ? '(no role)' : r.role}</TableCell>
                <TableCell align="right">
                  {r.running} / {r.minTaskMember ?? '—'}
                  {short && ' (below its minimum)'}
                </TableCell>
                <TableCell align="right">{r.pipelined}</TableCell>
                <TableCell align="right">{r.tasks}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
