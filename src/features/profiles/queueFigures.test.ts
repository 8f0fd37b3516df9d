/**
 * The UI modules word the engine's resolved queue figures and resolve nothing (decisions 0298, 0299): KAI's
 * badges and rows follow `resolved.minRuntime` whatever the queue's own fields say; Kueue's show borrowed,
 * lendable and the borrowing limit; a queue without resolved figures gets no badge.
 */
import { describe, expect, it } from 'vitest';
import type { QueueExtras, QueueState } from '../../engine/model/snapshot';
import type { KaiQueueFigures } from '../../engine/profiles/kai/module/kaiQueueFigures';
import type { KueueQueueFigures } from '../../engine/profiles/kueue/queueFigures';
import { uiModuleOf } from './uiRegistry';

const R = (gpu: number, cpu = 0) => ({ gpu, cpu, memory: 0 });

const queue = (resolved: QueueState['resolved']): QueueState => ({
  name: 'q',
  parent: 'p',
  fairShare: R(4),
  allocated: R(6),
  requested: R(6),
  quota: R(4),
  limit: R(-1),
  overQuotaWeight: R(1),
  priority: 0,
  // Written on the queue (KAI's queue extras, decision 0340): the badges must not read these (the engine's
  // resolution says otherwise).
  extras: { profile: 'kai', preemptMinRuntimeMs: 1000, reclaimMinRuntimeMs: 1000 } as QueueExtras,
  ...(resolved === undefined ? {} : { resolved }),
});

describe('KAI queue badges and rows', () => {
  const kai = uiModuleOf('kai');
  const resolved: KaiQueueFigures = {
    profile: 'kai',
    minRuntime: {
      preempt: { valueMs: 300_000, origin: 'default', from: null },
      reclaim: { valueMs: 60_000, origin: 'inherited', from: 'd', method: 'lca' },
    },
  };

  it('draws what the engine resolved, with its origin', () => {
    const badges = kai.queueBadges(queue(resolved));
    expect(badges.map((b) => [b.key, b.style, b.text])).toEqual([
      ['preempt', 'dashed', 'P 5m'],
      ['reclaim', 'outlined', 'R 1m ↑d'],
    ]);
    expect(badges[1]?.description).toContain('reclaimMinRuntime 1m, inherited from d');
    expect(badges[1]?.description).toContain('reclaimResolveMethod lca');
  });

  it('says in the details where each value comes from and the reclaim rule', () => {
    const rows = Object.fromEntries(kai.queueDetailRows(queue(resolved)).map((r) => [r.key, r.value]));
    expect(rows['preempt']).toBe('5m (plugin default): not set on this queue or its ancestors');
    expect(rows['reclaim']).toBe('1m, inherited from d');
    expect(rows['method']).toMatch(/^reclaimResolveMethod lca/);
  });

  it('shows no badge when the plugin is off or nothing was resolved', () => {
    expect(kai.queueBadges(queue({ profile: 'kai', minRuntime: null } as KaiQueueFigures))).toEqual([]);
    expect(kai.queueBadges(queue(undefined))).toEqual([]);
  });
});

describe('Kueue queue badges and rows', () => {
  const kueue = uiModuleOf('kueue');
  const figures = (over: Partial<KueueQueueFigures>): KueueQueueFigures => ({
    profile: 'kueue',
    kind: 'clusterQueue',
    cohort: 'org',
    nominal: R(4, 32),
    borrowingLimit: { gpu: null, cpu: null, memory: null },
    lendingLimit: { gpu: null, cpu: null, memory: null },
    borrowed: R(0),
    lendable: R(0),
    quotaUsage: {},
    fairSharing: null,
    ...over,
  });

  it('says what a ClusterQueue borrowed, or what it can lend, and its borrowing limit', () => {
    const borrowing = kueue.queueBadges(
      queue(figures({ borrowed: R(2), borrowingLimit: { gpu: 2, cpu: null, memory: null } })),
    );
    expect(borrowing.map((b) => [b.key, b.style, b.text])).toEqual([
      ['borrowed', 'filled', 'borrowed 2 GPU'],
      ['borrowing-limit', 'dashed', 'borrow ≤ gpu 2'],
    ]);
    const lending = kueue.queueBadges(queue(figures({ lendable: R(4, 32) })));
    expect(lending.map((b) => b.text)).toEqual(['lendable 4 GPU']);
    expect(lending[0]?.description).toContain('gpu 4 · cpu 32');
  });

  it('shows the share the engine computed and the weight only with fair sharing on', () => {
    const off = kueue.queueBadges(queue(figures({ borrowed: R(6) })));
    expect(off.map((b) => b.key)).toEqual(['borrowed']);
    const on = kueue.queueBadges(
      queue(figures({ borrowed: R(6), fairSharing: { weight: 2, share: 0.375, dominantResource: 'gpu' } })),
    );
    expect(on.map((b) => b.text)).toEqual(['borrowed 6 GPU', 'share 0.375', 'weight 2']);
    expect(on[1]?.description).toContain('(gpu)');
    const zero = kueue.queueBadges(
      queue(figures({ fairSharing: { weight: 0, share: null, dominantResource: 'gpu' } })),
    );
    expect(zero.map((b) => b.text)).toEqual(['share ∞', 'weight 0']);
    const rows = Object.fromEntries(
      kueue
        .queueDetailRows(
          queue(figures({ fairSharing: { weight: 2, share: 0.375, dominantResource: 'gpu' } })),
        )
        .map((r) => [r.label, r.value]),
    );
    expect(rows).toMatchObject({ 'Fair-sharing share': '0.375 (gpu)', 'Fair-sharing weight': '2' });
  });

  it('names the cohort, limits, borrowed and lendable in the details', () => {
    const rows = Object.fromEntries(
      kueue.queueDetailRows(queue(figures({ borrowed: R(2) }))).map((r) => [r.label, r.value]),
    );
    expect(rows).toMatchObject({
      Kind: 'ClusterQueue',
      Cohort: 'org',
      'Borrowing limit': 'none (may borrow all its cohort lends)',
      'Lending limit': 'none (lends all its unused quota)',
      Borrowed: 'gpu 2',
    });
  });
});
