import { describe, expect, it } from 'vitest';
import { changeFor, goDuration, parseSeconds, sweepSeconds } from './knobs';
import { addVariant, outlineOf, uniqueVariantName } from './variantText';

const TEXT = `version: 1
# the cluster
nodes: [{name: n0, resources: {gpu: 2}}]
queues:
  - {name: a}
  - {name: b, parent: a}
variants:
  - name: queue
    plugins: {minruntime: {reclaimResolveMethod: queue}}
`;

describe('variant text', () => {
  it('outlines variants, queues and the default KAI plugins', () => {
    expect(outlineOf(TEXT)).toEqual({
      variants: ['queue'],
      queues: ['a', 'b'],
      // No tiers and no profile: KAI's default tiers (its catalogue), minruntime among them.
      plugins: ['predicates', 'proportion', 'priority', 'elastic', 'nodeplacement', 'minruntime'],
      workload: false,
      broken: false,
    });
    expect(outlineOf('a: [').broken).toBe(true);
    expect(outlineOf(`${TEXT}workload: [{queue: b, until: 1h}]\n`).workload).toBe(true);
    expect(outlineOf(`${TEXT}workload: []\n`).workload).toBe(false);
  });

  it('duplicates a variant and merges one change, keeping comments', () => {
    const out = addVariant(
      TEXT,
      { name: 'queue-5m', ...changeFor({ kind: 'queue', queue: 'b', field: 'reclaimMinRuntime' }, '5m') },
      'queue',
    );
    expect(out).toContain('# the cluster');
    expect(outlineOf(out).variants).toEqual(['queue', 'queue-5m']);
    expect(out).toMatch(
      /- name: queue-5m\n {4}plugins:\n {6}minruntime:\n {8}reclaimResolveMethod: queue\n {4}queues:\n {6}- name: b\n {8}reclaimMinRuntime: 5m/,
    );
  });

  it('creates the list when there is none', () => {
    const out = addVariant('version: 1\nnodes: []\nqueues: [{name: q}]\n', { name: 'base-copy' }, null);
    expect(outlineOf(out).variants).toEqual(['base-copy']);
  });

  it('names and durations', () => {
    expect(uniqueVariantName('queue', ['queue', 'queue-2'])).toBe('queue-3');
    expect(uniqueVariantName('base', [])).toBe('base-2');
    expect(sweepSeconds(0, 600, 3)).toEqual([0, 300, 600]);
    expect([goDuration(0), goDuration(90), goDuration(3600)]).toEqual(['0s', '1m30s', '1h']);
    expect([parseSeconds('1m30s'), parseSeconds('90'), parseSeconds('5m'), parseSeconds('x')]).toEqual([
      90,
      90,
      300,
      null,
    ]);
  });
});
