import { describe, expect, it } from 'vitest';
import type { DecisionGroup } from '../decision-log/groupDecisions';
import { keyDecision, keyPair } from './keyDecision';

const group = (kind: DecisionGroup['kind'], job: string, by: string | null = null): DecisionGroup => ({
  key: `${kind}:${job}`,
  kind,
  action: kind === 'evict' ? 'reclaim' : 'allocate',
  job,
  by,
  attempt: 2,
  tasks: [`${job}-0`],
  nodes: ['node0'],
  reasons: ['because'],
});

describe('keyDecision', () => {
  it('prefers an eviction, then a pipeline, then an allocation; completions are never the key', () => {
    const bind = group('bind', 'a');
    const pipe = group('pipeline', 'b');
    const evict = group('evict', 'c', 'd');
    expect(keyDecision([bind, pipe, evict])).toBe(evict);
    expect(keyDecision([bind, pipe])).toBe(pipe);
    expect(keyDecision([group('complete', 'x'), bind])).toBe(bind);
    expect(keyDecision([group('complete', 'x')])).toBeNull();
  });

  it('gives an eviction its preemptor/victim pair and nothing else a pair', () => {
    expect(keyPair(group('evict', 'victim', 'preemptor'), 4)).toEqual({
      session: 4,
      attempt: 2,
      preemptor: 'preemptor',
      victim: 'victim',
    });
    expect(keyPair(group('bind', 'a'), 4)).toBeNull();
    expect(keyPair(group('evict', 'victim', null), 4)).toBeNull();
  });
});
