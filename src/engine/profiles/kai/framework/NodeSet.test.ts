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

/** Nodes of the same size, each at its place in the session's node order. */
function placedNodes(names: string[], resources: { gpu: number; cpu: number; memory: number; pods: number }) {
  return names.map((name, i) => {
    const n = new NodeInfo({ name, resources, labels: {} });
    n.position = i;
    return n;
  });
}

describe('FreeNodeIndex by whole GPUs', () => {
  it('offers for a request of g GPUs every node where it fits, and not the nodes with less room', () => {
    const nodes = placedNodes(['a', 'b', 'c', 'd', 'e'], { gpu: 8, cpu: 64, memory: Infinity, pods: 100 });
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

describe('FreeNodeIndex by CPU and memory', () => {
  it('takes the smallest set of the request: nodes with GPUs but too few cores are not offered', () => {
    const nodes = placedNodes(['a', 'b', 'c'], { gpu: 8, cpu: 16, memory: 64 * 2 ** 30, pods: 100 });
    const index = new FreeNodeIndex(nodes);
    // Cores left: a 0.5, b 7.9, c 16; memory left: a 64 GiB, b 3 GiB, c 64 GiB; every node has 8 GPUs free.
    nodes[0]?.account('used', { gpu: 0, cpu: 15.5, memory: 0, pods: 0 }, [], 1);
    nodes[1]?.account('used', { gpu: 0, cpu: 8.1, memory: 61 * 2 ** 30, pods: 0 }, [], 1);
    nodes.forEach((n) => index.update(n));
    const names = (req: { gpu: number; cpu: number; memory: number }): string[] => {
      const out: string[] = [];
      const set = index.candidates({ ...req, pods: 1 });
      if (set) index.forEachIn(set, null, (n) => out.push(n.name));
      return out;
    };
    expect(names({ gpu: 1, cpu: 8, memory: 0 })).toEqual(['c']);
    expect(names({ gpu: 1, cpu: 4, memory: 0 })).toEqual(['b', 'c']);
    expect(names({ gpu: 1, cpu: 0.25, memory: 0 })).toEqual(['a', 'b', 'c']);
    expect(names({ gpu: 0, cpu: 0.25, memory: 4 * 2 ** 30 })).toEqual(['a', 'c']);
    for (const req of [
      { gpu: 1, cpu: 8, memory: 0 },
      { gpu: 0.5, cpu: 7.9, memory: 3 * 2 ** 30 },
      { gpu: 0, cpu: 0.5, memory: 2 ** 30 },
    ])
      for (const n of nodes) if (n.fits({ ...req, pods: 1 }, 'future')) expect(names(req)).toContain(n.name);
  });
});

describe('the intersection of the sets of a request', () => {
  it('NodeSet.forEachAlsoIn visits, in order, the members of every set', () => {
    const [a, b, c] = [new NodeSet(3000), new NodeSet(3000), new NodeSet(3000)];
    for (let i = 0; i < 3000; i++) {
      if (i % 2 === 0) a.add(i);
      if (i % 3 === 0) b.add(i);
      if (i % 5 === 0) c.add(i);
    }
    const seen: number[] = [];
    a.forEachAlsoIn([b, c], (i) => seen.push(i));
    expect(seen).toEqual(Array.from({ length: 100 }, (_, k) => k * 30));
  });

  it('a node with GPUs but no cores and a node with cores but no GPUs are both left out', () => {
    const nodes = placedNodes(['a', 'b', 'c'], { gpu: 8, cpu: 16, memory: Infinity, pods: 100 });
    const index = new FreeNodeIndex(nodes);
    nodes[0]?.account('used', { gpu: 0, cpu: 15.5, memory: 0, pods: 0 }, [], 1);
    nodes[1]?.account('used', { gpu: 8, cpu: 0, memory: 0, pods: 0 }, [], 1);
    nodes.forEach((n) => index.update(n));
    const names = (extra: NodeInfo | null): string[] => {
      const out: string[] = [];
      expect(
        index.forEachCandidate({ gpu: 1, cpu: 8, memory: 0, pods: 1 }, extra, (n) => out.push(n.name)),
      ).toBe(true);
      return out;
    };
    expect(names(null)).toEqual(['c']);
    expect(names(nodes[0] as NodeInfo)).toEqual(['a', 'c']);
    expect(names(nodes[2] as NodeInfo)).toEqual(['c']);
    expect(index.forEachCandidate({ gpu: 0, cpu: 0, memory: 0, pods: 0 }, null, () => undefined)).toBe(false);
  });
});
