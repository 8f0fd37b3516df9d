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
