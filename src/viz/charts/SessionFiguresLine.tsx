/**
 * The session's whole-cluster figures in one line, each part with the moment it describes (decision 0273):
 * the GPUs after the session, then what Volcano jobs reserved during it (decision 0274). Shared by the
 * cluster map and the stage so the same figure reads the same on both.
 */
import type { SessionFigures } from '../../engine/model/snapshot';
import { describeGpuFigures, describeReserved } from '../layouts/describeFigures';
import { MomentTag } from './MomentTag';

export interface SessionFiguresLineProps {
  figures: SessionFigures;
  testId: string;
}

export function SessionFiguresLine({ figures, testId }: SessionFiguresLineProps) {
  const reserved = describeReserved(figures);
  return (
    <span data-testid={testId} style={{ display: 'inline' }}>
      <span data-testid="figures.gpus">
        <MomentTag moment="session" />
        {describeGpuFigures(figures)}
      </span>
      {reserved !== null && (
        <span data-testid="figures.reserved">
          {' · '}
          <MomentTag moment="attempt" />
          <span title="held from the attempt until the session closed, not bound">{reserved}</span>
        </span>
      )}
    </span>
  );
}
