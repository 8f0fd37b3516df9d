/**
 * The one formatter of the session's whole-cluster figures and of the moment a number describes (decision
 * 0273): every view that shows a count of GPUs or tasks, or a figure from a decision, words it here, so the
 * same figure reads the same on the cluster map, the stage, the decision log, the jobs table and the
 * inspector. The figures come from the engine (`SessionSnapshot.figures`); nothing is counted here.
 */
import type { SessionFigures } from '../../engine/model/snapshot';
import { nounFor } from '../../common/plural';
import { formatNumber } from './formatSpan';

/** `attempt`: when a decision was made inside the session; `session`: the state when the session closed. */
export type FigureMoment = 'attempt' | 'session';

export const MOMENT_LABEL: Record<FigureMoment, string> = {
  attempt: 'at the attempt',
  session: 'after the session',
};

/**
 * "6 of 8 GPUs running · 2 pipelined · 2 releasing · 0 idle" (after the session). Pipelined and releasing
 * are left out at 0, so a small panel keeps its room; running and idle are always there.
 */
export function describeGpuFigures(f: SessionFigures): string {
  return gpuStates(f, `of ${gpus(f.gpus.total)} running`);
}

/** The GPU states after the session, `running` worded by the caller ("running", "of 8 GPUs running"). */
function gpuStates(f: SessionFigures, runningWords: string): string {
  const g = f.gpus;
  return [
    `${formatNumber(g.running)} ${runningWords}`,
    ...(g.pipelined > 0 ? [`${formatNumber(g.pipelined)} pipelined`] : []),
    ...(g.releasing > 0 ? [`${formatNumber(g.releasing)} releasing`] : []),
    `${formatNumber(g.idle)} idle`,
  ].join(' · ');
}

/** "2 GPUs reserved for big-training" (during the session), or null when nothing was reserved. */
export function describeReserved(f: SessionFigures): string | null {
  const r = f.reserved;
  if (r.tasks === 0) return null;
  return `${gpus(r.gpus)} reserved for ${r.jobs.join(', ')}`;
}

/**
 * The whole summary for an accessible label: the cluster's size first ("4 nodes, 16 GPUs", what the map
 * draws; the GPU total is the engine's), then the figures with their moments in words:
 * "4 nodes, 16 GPUs · after the session: 12 running · 4 idle".
 */
export function describeSessionFigures(f: SessionFigures, nodeCount: number): string {
  const reserved = describeReserved(f);
  return (
    `${formatNumber(nodeCount)} ${nounFor(nodeCount, 'node')}, ${gpus(f.gpus.total)} · ` +
    `${MOMENT_LABEL.session}: ${gpuStates(f, 'running')}` +
    (reserved === null ? '' : ` · ${MOMENT_LABEL.attempt}: ${reserved}, released when the session closed`)
  );
}

/** "reserves 2 GPUs on gpu-node-0 for big-training" for one reserved attempt's placements, node by node. */
export function describeReservation(
  job: string,
  placements: readonly { node: string; gpu: number }[],
): string {
  const byNode = new Map<string, number>();
  for (const p of placements) byNode.set(p.node, (byNode.get(p.node) ?? 0) + p.gpu);
  const where = [...byNode].map(([node, gpu]) => `${gpus(gpu)} on ${node}`).join(', ');
  return `reserves ${where} for ${job}`;
}

/** "1 GPU", "2 GPUs", "0.5 GPUs". */
export function gpus(n: number): string {
  return `${formatNumber(n)} ${nounFor(n, 'GPU')}`;
}
