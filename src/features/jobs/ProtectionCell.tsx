import { useTheme } from '@mui/material/styles';
import { LockClockIcon, LockOpenIcon } from '../../ui/icons';
import { plural } from '../../common/plural';
import type { ProtectionState, ReclaimProtection } from '../../engine/model/protection';
import {
  describeProtection,
  describeReclaim,
  describeReclaimLine,
  type ProtectionStatus,
} from './describeProtection';

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

/** Lines the table shows before pointing at the inspector. */
const CELL_LINES = 2;

/**
 * A job's reclaim protection in the table: one line under the queue method; under lca one line per group of
 * waiting reclaimer queues (the engine resolved each), since the duration depends on who reclaims.
 */
export function ReclaimProtectionCell({
  protection,
  nowMs,
  isRunning,
  testId,
}: {
  protection: ReclaimProtection | null;
  nowMs: number;
  /** Whether the job has running tasks (a job that does not run is never protected). */
  isRunning: boolean;
  testId: string;
}) {
  const view = describeReclaim(protection, nowMs);
  const color = useProtectionColor(view.status);
  const lines = view.lines;
  const first = lines[0];
  if (protection !== null && !isRunning) {
    return (
      <div data-testid={testId} data-status="not-started" data-method={view.method}>
        <div style={{ color, fontWeight: 500 }}>not running</div>
      </div>
    );
  }
  if (first === undefined) {
    const text = view.emptyText ?? '—';
    return (
      <div data-testid={testId} data-status={view.status} data-method={view.method ?? undefined}>
        <div style={{ color, fontWeight: 500 }}>{text}</div>
        {view.method === 'lca' && <div className="muted">LCA method: depends on the reclaimer</div>}
      </div>
    );
  }
  if (lines.length === 1) {
    return (
      <div data-testid={testId} data-status={view.status} data-method={view.method ?? undefined}>
        <LineHeadline status={first.status} text={first.headline} />
        <div className="muted">
          {view.method === 'lca' ? `${first.against} · ${first.origin}` : first.origin}
        </div>
      </div>
    );
  }
  const hiddenQueues = lines.slice(CELL_LINES).reduce((n, l) => n + l.protection.reclaimerQueueCount, 0);
  return (
    <div data-testid={testId} data-status={view.status} data-method={view.method ?? undefined}>
      {lines.slice(0, CELL_LINES).map((l) => (
        <LineHeadline key={l.against} status={l.status} text={describeReclaimLine(l)} />
      ))}
      {hiddenQueues > 0 && (
        <div className="muted">and {plural(hiddenQueues, 'more reclaimer queue')} (see the inspector)</div>
      )}
    </div>
  );
}

function LineHeadline({ status, text }: { status: ProtectionStatus; text: string }) {
  const color = useProtectionColor(status);
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        color,
        fontWeight: status === 'protected' ? 700 : 500,
      }}
    >
      {status === 'protected' && <LockClockIcon fontSize="small" aria-hidden />}
      {status === 'expired' && <LockOpenIcon fontSize="small" aria-hidden />}
      <span>{text}</span>
    </div>
  );
}
