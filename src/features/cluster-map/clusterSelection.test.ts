import { describe, expect, it } from 'vitest';
import { designDocQueues } from '../../viz/testing/vizFixtures';
import { clickSelection, leavesUnder } from './clusterSelection';

describe('leavesUnder', () => {
  const queues = designDocQueues();
  it('collects the leaves of a subtree, or the queue itself for a leaf', () => {
    expect([...leavesUnder(queues, 'b')].sort()).toEqual(['leaf1', 'leaf2', 'leaf3']);
    expect([...leavesUnder(queues, 'c')].sort()).toEqual(['leaf1', 'leaf2']);
    expect([...leavesUnder(queues, 'leaf3')]).toEqual(['leaf3']);
    expect(leavesUnder(queues, 'nope').size).toBe(0);
  });
});

describe('clickSelection', () => {
  it('a task selects its job', () => {
    expect(clickSelection('j', { node: 'n', job: 'j' }, null)).toEqual({ kind: 'job', name: 'j' });
  });
  it('the selected job again clears the selection', () => {
    expect(clickSelection(null, { node: 'n', job: 'j' }, { kind: 'job', name: 'j' })).toBeNull();
  });
  it('an empty cell selects its node, twice clears it', () => {
    expect(clickSelection(null, { node: 'n', job: null }, null)).toEqual({ kind: 'node', name: 'n' });
    expect(clickSelection(null, { node: 'n', job: null }, { kind: 'node', name: 'n' })).toBeNull();
    expect(clickSelection(null, null, { kind: 'node', name: 'n' })).toBeNull();
  });
});
