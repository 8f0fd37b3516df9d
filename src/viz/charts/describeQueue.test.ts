import { describe, expect, it } from 'vitest';
import type { QueueState } from '../../engine/model/snapshot';
import { describeTimeAware } from './describeQueue';

const q: QueueState = {
  name: 'team-a',
  parent: null,
  fairShare: { gpu: 4, cpu: 0, memory: 0 },
  allocated: { gpu: 0, cpu: 0, memory: 0 },
  requested: { gpu: 16, cpu: 0, memory: 0 },
  quota: { gpu: 0, cpu: 0, memory: 0 },
  limit: { gpu: -1, cpu: -1, memory: -1 },
  overQuotaWeight: { gpu: 1, cpu: 0, memory: 0 },
  priority: 100,
};

describe('describeTimeAware', () => {
  it('is empty without usage history', () => {
    expect(describeTimeAware(q)).toEqual([]);
  });

  it('spells out the penalty with the engine’s numbers (usage 1, w 0.5, kValue 0.5 → 0.25; 4 GPUs, 8 without)', () => {
    const lines = describeTimeAware({
      ...q,
      timeAware: {
        kValue: 0.5,
        usage: { gpu: 1, cpu: 0, memory: 0 },
        weight: { gpu: 0.5, cpu: null, memory: null },
        adjustedWeight: { gpu: 0.25, cpu: null, memory: null },
        fairShareWithoutUsage: { gpu: 8, cpu: 0, memory: 0 },
      },
    });
    expect(lines).toEqual([
      'GPU: used 100.0% of the cluster over the usage window, so its over-quota weight 0.50 becomes 0.25 = max(0, 0.50 + 0.5 × (0.50 − 1.00)); fair share 4 (8 without usage history).',
    ]);
  });

  it('says when a queue took no part in an over-quota round', () => {
    const lines = describeTimeAware({
      ...q,
      timeAware: {
        kValue: 1,
        usage: { gpu: 0.125, cpu: 0, memory: 0 },
        weight: { gpu: null, cpu: null, memory: null },
        adjustedWeight: { gpu: null, cpu: null, memory: null },
        fairShareWithoutUsage: { gpu: 4, cpu: 0, memory: 0 },
      },
    });
    expect(lines).toEqual([
      'GPU: used 12.5% of the cluster over the usage window; not in an over-quota round; fair share 4 (4 without usage history).',
    ]);
  });
});
