import { describe, expect, it } from 'vitest';
import type { Decision } from '../../engine/model/trace';
import {
  attemptsWithoutDecisions,
  countKinds,
  describeGroup,
  evictionsFirst,
  groupDecisions,
} from './groupDecisions';

const decision = (over: Partial<Decision>): Decision => ({
  action: 'reclaim',
  kind: 'evict',
  task: 'v-0',
  job: 'v',
  node: 'node0',
  by: 'r',
  reason: 'reclaimed for r',
  attempt: 0,
  ...over,
});

describe('groupDecisions', () => {
  it('reads one attempt’s evictions of one job as one sentence', () => {
    const groups = groupDecisions([
      decision({ task: 'v-2' }),
      decision({ task: 'v-3' }),
      decision({ kind: 'pipeline', task: 'r-0', job: 'r', by: null, reason: 'pipelined' }),
    ]);
    expect(groups).toHaveLength(2);
    expect(describeGroup(groups[0]!)).toBe('Evicted 2 tasks of v from node0 to make room for r');
    expect(describeGroup(groups[1]!)).toBe('Pipelined r-0 onto node0, waiting for capacity being released');
  });

  it('describes allocations and completions', () => {
    const [bind, done] = groupDecisions([
      decision({ kind: 'bind', action: 'allocate', task: 'a-0', job: 'a', by: null, attempt: 1 }),
      decision({
        kind: 'complete',
        action: 'complete',
        task: 'b-0',
        job: 'b',
        by: null,
        node: null,
        attempt: null,
      }),
    ]);
    expect(describeGroup(bind!)).toBe('Allocated a-0 to node0');
    expect(describeGroup(done!)).toBe('b-0 completed');
  });

  it('finds attempts that produced nothing and counts kinds', () => {
    const decisions = [decision({ attempt: 1 })];
    const trace = { attempts: [{}, {}, {}] as never, pending: [] };
    expect(attemptsWithoutDecisions(trace, decisions)).toEqual([0, 2]);
    expect(countKinds(decisions)).toEqual({ bind: 0, pipeline: 0, evict: 1, complete: 0 });
  });
});

describe('evictionsFirst', () => {
  it('moves evictions to the top and keeps trace order inside each part', () => {
    const g = (key: string, kind: 'bind' | 'evict' | 'pipeline') =>
      ({ key, kind }) as unknown as Parameters<typeof evictionsFirst>[0][number];
    const sorted = evictionsFirst([g('a', 'bind'), g('b', 'evict'), g('c', 'pipeline'), g('d', 'evict')]);
    expect(sorted.map((x) => x.key)).toEqual(['b', 'd', 'a', 'c']);
  });
});
