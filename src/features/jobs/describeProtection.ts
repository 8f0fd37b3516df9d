/**
 * Turns a job's protection state (as the engine computed it for the cursor's session) into words.
 * Only arithmetic on the engine's own numbers happens here: whether a job is protected is the engine's
 * `isProtected`, never re-derived.
 */
import type { MinRuntimeResolution } from '../../engine/model/trace';
import type { ProtectionState, ReclaimProtection, ReclaimerProtection } from '../../engine/model/protection';
import { plural } from '../../common/plural';
import { formatInstant, formatSpan } from '../format/formatTime';

export type ProtectionStatus = 'protected' | 'expired' | 'not-started' | 'none' | 'unknown';

export interface ProtectionView {
  status: ProtectionStatus;
  /** Short text for a table cell: `protected for another 42s`. */
  headline: string;
  /** Where the duration came from: `60s from queue d (LCA path)`. */
  origin: string;
  /** Milliseconds of protection left at the cursor (protected only). */
  remainingMs: number | null;
}

/** `60s from queue d` / `10m from the plugin default`. */
export function describeOrigin(resolution: MinRuntimeResolution): string {
  const duration = formatSpan(resolution.durationMs);
  const from = resolution.source === 'default' ? 'the plugin default' : resolution.source;
  return `${duration} from ${from}${describeMethod(resolution)}`;
}

/** ` · queue method`, ` · LCA b → c` (the LCA and the step down toward the victim), ` · other tree`. */
function describeMethod(r: MinRuntimeResolution): string {
  if (r.method === null) return '';
  if (r.method === 'queue') return ' · queue method';
  if (r.lca === null) return ` · LCA: other tree, top level ${r.stepDown ?? r.victimQueue}`;
  return r.stepDown === null || r.stepDown === r.lca ? ` · LCA ${r.lca}` : ` · LCA ${r.lca} → ${r.stepDown}`;
}

export function describeProtection(protection: ProtectionState | null, nowMs: number): ProtectionView {
  if (protection === null) {
    return { status: 'unknown', headline: '—', origin: 'min-runtime does not apply', remainingMs: null };
  }
  const origin = describeOrigin(protection.resolution);
  if (protection.resolution.durationMs <= 0) {
    return { status: 'none', headline: 'none (0s)', origin, remainingMs: null };
  }
  if (protection.protectedUntilMs === null) {
    // The engine gives no protection end to a job that is not running (never started, or evicted).
    return { status: 'not-started', headline: 'not running', origin, remainingMs: null };
  }
  if (protection.isProtected) {
    const remainingMs = Math.max(0, protection.protectedUntilMs - nowMs);
    return {
      status: 'protected',
      headline: `protected for another ${formatSpan(remainingMs)}`,
      origin,
      remainingMs,
    };
  }
  return {
    status: 'expired',
    headline: `unprotected since ${formatInstant(protection.protectedUntilMs)}`,
    origin,
    remainingMs: null,
  };
}

/** One line of a job's reclaim protection: against the waiting reclaimers of one group (or any, `queue`). */
export interface ReclaimLine extends ProtectionView {
  /** `from leaf3`, `from leaf2, leaf4 and 3 more queues`, or `from any reclaimer`. */
  against: string;
  /** The reclaimer queues named (empty for `any reclaimer`). */
  reclaimerQueues: readonly string[];
  protection: ReclaimerProtection;
}

export interface ReclaimView {
  /** Protected from at least one waiting reclaimer (the engine's `isProtected`), else the lines' best status. */
  status: ProtectionStatus;
  method: 'lca' | 'queue' | null;
  /** Short text when there is no line to show (`no reclaimer waiting`, `—`). */
  emptyText: string | null;
  lines: ReclaimLine[];
}

/** `from leaf3`, `from leaf2, leaf4 and 3 more queues`. */
export function describeReclaimers(queues: readonly string[], count: number): string {
  const rest = count - queues.length;
  return `from ${queues.join(', ')}${rest > 0 ? ` and ${plural(rest, 'more queue')}` : ''}`;
}

const STATUS_RANK: Record<ProtectionStatus, number> = {
  protected: 4,
  expired: 3,
  'not-started': 2,
  none: 1,
  unknown: 0,
};

/**
 * A job's reclaim protection in words. Under `queue` one line holds for any reclaimer; under `lca` there is a
 * line per group of waiting reclaimer queues (the engine resolved each), and none when nobody waits.
 */
export function describeReclaim(protection: ReclaimProtection | null, nowMs: number): ReclaimView {
  if (protection === null) {
    return { status: 'unknown', method: null, emptyText: '—', lines: [] };
  }
  const line = (p: ReclaimerProtection, against: string, queues: readonly string[]): ReclaimLine => ({
    ...describeProtection(p, nowMs),
    against,
    reclaimerQueues: queues,
    protection: p,
  });
  const lines =
    protection.anyReclaimer !== null
      ? [
          line(
            { ...protection.anyReclaimer, reclaimerQueues: [], reclaimerQueueCount: 0 },
            'from any reclaimer',
            [],
          ),
        ]
      : protection.byReclaimer.map((r) =>
          line(r, describeReclaimers(r.reclaimerQueues, r.reclaimerQueueCount), r.reclaimerQueues),
        );
  let status: ProtectionStatus = protection.isProtected ? 'protected' : 'none';
  if (!protection.isProtected) {
    for (const l of lines)
      if (l.status !== 'protected' && STATUS_RANK[l.status] > STATUS_RANK[status]) status = l.status;
  }
  return {
    status,
    method: protection.method,
    emptyText: lines.length === 0 ? 'no reclaimer waiting' : null,
    lines,
  };
}

/** One line as a sentence: `protected from leaf3 for another 25s`, `not protected from leaf2 (0s)`. */
export function describeReclaimLine(line: ReclaimLine): string {
  switch (line.status) {
    case 'protected':
      return `protected ${line.against} for another ${formatSpan(line.remainingMs ?? 0)}`;
    case 'expired':
      return `not protected ${line.against} since ${formatInstant(line.protection.protectedUntilMs ?? 0)}`;
    case 'none':
      return `not protected ${line.against} (${formatSpan(line.protection.resolution.durationMs)})`;
    case 'not-started':
      return 'not running';
    case 'unknown':
      return line.headline;
  }
}
