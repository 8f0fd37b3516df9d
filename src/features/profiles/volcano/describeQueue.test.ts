/**
 * A Volcano or kube-batch queue is described in its own scheduler's words (its UI module's queueWords):
 * deserved, capability, guarantee and weight, never KAI's quota, limit or over-quota weight.
 */
import { describe, expect, it } from 'vitest';
import type { QueueState } from '../../../engine/model/snapshot';
import type { VolcanoQueueExtras } from '../../../engine/profiles/volcano/jobExtras';
import type { QueueTreeNode } from '../../../viz/layouts/layoutQueueTree';
import {
  describeQueue,
  queueTooltipColumns,
  queueTooltipHeading,
  queueTooltipRows,
} from '../../../viz/charts/describeQueue';
import { kubeBatchUi, volcanoUi } from './module';

const queue = (profile: string): QueueState => ({
  name: 'research',
  parent: null,
  fairShare: { gpu: 4, cpu: 0, memory: 0 },
  allocated: { gpu: 2, cpu: 0, memory: 0 },
  requested: { gpu: 6, cpu: 0, memory: 0 },
  quota: { gpu: 0, cpu: 0, memory: 0 },
  limit: { gpu: -1, cpu: -1, memory: -1 },
  overQuotaWeight: { gpu: 1, cpu: 1, memory: 1 },
  priority: 0,
  extras: {
    profile,
    weight: 3,
    capability: profile === 'volcano' ? { gpu: 6 } : null,
    guarantee: profile === 'volcano' ? { gpu: 1 } : null,
    deserved: null,
    reclaimable: profile !== 'volcano',
  } as VolcanoQueueExtras,
});

const node = (q: QueueState): QueueTreeNode =>
  ({
    name: q.name,
    label: q.name,
    isSynthetic: false,
    queue: q,
    parent: null,
    depth: 0,
    x: 0,
    y: 0,
    width: 200,
    height: 80,
    childCount: 0,
    hiddenCount: 0,
    isCollapsed: false,
    isLeaf: true,
    bars: [{ resource: 'gpu', allocated: 2, fairShare: 4, quota: 0, limit: 6 }],
    badges: [],
    toggle: null,
    foldLabel: null,
  }) as unknown as QueueTreeNode;

describe('Volcano queue words', () => {
  it('names deserved, guarantee and capability in the tooltip, the weight in its heading', () => {
    const n = node(queue('volcano'));
    const w = volcanoUi.queueWords;
    expect(queueTooltipColumns(w).map((c) => c.label)).toEqual([
      'alloc',
      'req',
      'deserved',
      'guarantee',
      'capability',
    ]);
    expect(queueTooltipRows(n, w)).toEqual([{ resource: 'gpu', cells: ['2', '6', '4', '1', '6'] }]);
    expect(queueTooltipHeading(n, w)).toBe('priority 0 · weight 3 · not reclaimable');
    const label = describeQueue(n, w);
    expect(label).toBe('queue research; GPU allocated 2 of deserved 4, capability 6');
    expect(label).not.toMatch(/quota|limit|fair share/);
  });

  it('gives kube-batch the weight and deserved only', () => {
    const n = node(queue('kube-batch'));
    const w = kubeBatchUi.queueWords;
    expect(queueTooltipColumns(w).map((c) => c.label)).toEqual(['alloc', 'req', 'deserved']);
    expect(queueTooltipHeading(n, w)).toBe('weight 3');
  });
});
