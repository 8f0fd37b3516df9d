import type { QueueResources } from '../../engine/model/resources';

const GI = 2 ** 30;

export function formatMemory(bytes: number): string {
  if (!Number.isFinite(bytes)) return bytes > 0 ? '∞' : '–∞';
  if (bytes === 0) return '0';
  if (Math.abs(bytes) >= GI) return `${trim(bytes / GI)}Gi`;
  if (Math.abs(bytes) >= 2 ** 20) return `${trim(bytes / 2 ** 20)}Mi`;
  return `${trim(bytes)}B`;
}

export function formatAmount(value: number): string {
  if (value === Infinity) return '∞';
  if (value === -1) return 'unlimited';
  return trim(value);
}

function trim(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(3)));
}

/** `gpu 2 · cpu 1.5 · memory 4Gi`, leaving out zero components (all zero → `0`). */
export function formatQueueResources(r: QueueResources): string {
  const parts: string[] = [];
  if (r.gpu !== 0) parts.push(`gpu ${formatAmount(r.gpu)}`);
  if (r.cpu !== 0) parts.push(`cpu ${formatAmount(r.cpu)}`);
  if (r.memory !== 0) parts.push(`memory ${r.memory === -1 ? 'unlimited' : formatMemory(r.memory)}`);
  return parts.length === 0 ? '0' : parts.join(' · ');
}
