import { describe, expect, it } from 'vitest';
import { NodeSet } from './NodeSet';
import { FreeNodeIndex } from './FreeNodeIndex';
import { NodeInfo } from './NodeInfo';

describe('NodeSet', () => {
  it('adds, deletes and visits members in increasing order across word boundaries', () => {
    const set = new NodeSet(5000);
    const model = new Set<number>();
    // Deterministic pseudo-random walk over positions (no Math.random in the engine's tests either).
    let x = 7;
    for (let step = 0; step < 20_000; step++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const i = x % 5000;
      if (model.has(i)) {
        set.delete(i);
        model.delete(i);
      } else {
        set.add(i);
        model.add(i);
      }
    }
    const seen: number[] = [];
    set.forEach((i) => seen.push(i));
    expect(seen).toEqual([...model].sort((a, b) => a - b));
    expect(set.size).toBe(model.size);
    for (const i of [0, 31, 32, 1023, 1024, 4999]) expect(set.has(i)).toBe(model.has(i));
  });
});

describe('FreeNodeIndex', () => {
  const node = (name: string, gpu: number, cpu: number, i: number): NodeInfo => {
    const n = new NodeInfo({ name, resources: { gpu, cpu, memory: Infinity, pods: Infinity }, labels: {} });
    n.position = i;
    return n;
  };

  it('offers, in node order, the nodes with room in the scarcest requested resource, plus an extra node', () => {
    const nodes = [node('a', 8, 4, 0), node('b', 8, 4, 1), node('c', 8, 4, 2)];
    const index = new FreeNodeIndex(nodes);
    const req = { gpu: 1, cpu: 1, memory: 0, pods: 0 };
    nodes[1]?.account('used', { gpu: 8, cpu: 0, memory: 0, pods: 0 }, [], 1);
    index.update(nodes[1] as NodeInfo);
    const names = (extra: NodeInfo | null): string[] => {
      const out: string[] = [];
      const set = index.candidates(req);
      if (set) index.forEachIn(set, extra, (n) => out.push(n.name));
      return out;
    };
    expect(names(null)).toEqual(['a', 'c']);
    // A releasing victim may take its own place back even where the index sees no room.
    expect(names(nodes[1] as NodeInfo)).toEqual(['a', 'b', 'c']);
    expect(names(nodes[2] as NodeInfo)).toEqual(['a', 'c']);
    // A request for nothing measurable has no index: every node must be asked.
    expect(index.candidates({ gpu: 0, cpu: 0, memory: 0, pods: 0 })).toBeNull();
  });
});

describe('FreeNodeIndex by whole GPUs', () => {
  it('offers for a request of g GPUs every node where it fits, and not the nodes with less room', () => {
    const nodes = ['a', 'b', 'c', 'd', 'e'].map((name, i) => {
      const n = new NodeInfo({
        name,
        resources: { gpu: 8, cpu: 64, memory: Infinity, pods: 100 },
        labels: {},
      });
      n.position = i;
      return n;
    });
    const index = new FreeNodeIndex(nodes);
    // Future GPU room left: a 0.5, b 1, c 3, d 8, e 2 (pipelined counts as taken).
    const take = [7.5, 7, 5, 0, 6];
    nodes.forEach((n, i) => {
      n.account(
        i === 4 ? 'pipelined' : 'used',
        { gpu: take[i] as number, cpu: 0, memory: 0, pods: 0 },
        [],
        1,
      );
      index.update(n);
    });
    const names = (gpu: number): string[] => {
      const out: string[] = [];
      const set = index.candidates({ gpu, cpu: 1, memory: 0, pods: 0 });
      if (set) index.forEachIn(set, null, (n) => out.push(n.name));
      return out;
    };
    expect(names(0.5)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(names(1)).toEqual(['b', 'c', 'd', 'e']);
    expect(names(1.5)).toEqual(['b', 'c', 'd', 'e']);
    expect(names(2)).toEqual(['c', 'd', 'e']);
    expect(names(3)).toEqual(['c', 'd', 'e']);
    expect(names(4)).toEqual(['d']);
    expect(names(8)).toEqual(['d']);
    expect(names(16)).toEqual(['d']);
    // The sets are supersets of the nodes that fit, in both modes.
    for (const gpu of [0.5, 1, 1.5, 2, 3, 4, 6, 8])
      for (const mode of ['idle', 'future'] as const)
        for (const n of nodes)
          if (n.fits({ gpu, cpu: 1, memory: 0, pods: 0 }, mode)) expect(names(gpu)).toContain(n.name);
    // Room coming back (a rollback) puts a node back in the sets.
    nodes[0]?.account('used', { gpu: 7.5, cpu: 0, memory: 0, pods: 0 }, [], -1);
    index.update(nodes[0] as NodeInfo);
    expect(names(8)).toEqual(['a', 'd']);
  });
});
