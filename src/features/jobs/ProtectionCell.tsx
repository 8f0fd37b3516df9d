import { useTheme } from '@mui/material/styles';
import LockClockIcon from '@mui/icons-material/LockClock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { ProtectionState } from '../../engine/model/snapshot';
import { describeProtection, type ProtectionStatus } from './describeProtection';

export function useProtectionColor(status: ProtectionStatus): string {
  const { palette } = useTheme();
  switch (status) {
    case 'protected':
      return palette.sim.protected;
    case 'expired':
      return palette.sim.unprotected;
    case 'none':
    case 'not-started':
    case 'unknown':
      return palette.text.secondary;
  }
}

/**
 * A job's protection at the cursor: a live countdown and where the duration came from. Plain elements
 * with inline colour: the jobs table renders two per row on every step.
 */
export function ProtectionCell({
  protection,
  nowMs,
  testId,
}: {
  protection: ProtectionState | null;
  nowMs: number;
  testId: string;
}) {
  const view = describeProtection(protection, nowMs);
  const color = useProtectionColor(view.status);
  const showOrigin =
    view.status === 'protected' || view.status === 'expired' || view.status === 'not-started';
  return (
    <div
      data-testid={testId}
      data-status={view.status}
      title={view.status === 'none' ? view.origin : undefined}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 4,
          color,
          fontWeight: view.status === 'protected' ? 700 : 500,
        }}
      >
        {view.status === 'protected' && <LockClockIcon fontSize="small" aria-hidden />}
        {view.status === 'expired' && <LockOpenIcon fontSize="small" aria-hidden />}
        <span>{view.headline}</span>
      </div>
      {showOrigin && <div className="muted">{view.origin}</div>}
    </div>
  );
}
