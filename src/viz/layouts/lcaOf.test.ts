import { describe, expect, it } from 'vitest';
import { designDocQueues, queueState } from '../testing/vizFixtures';
import { ancestryOf, lcaOf } from './lcaOf';
import { collapsedBeyondDepth, revealQueues } from './revealQueues';

describe('queue path helpers', () => {
  const qs = designDocQueues();

  it('walks up from a leaf', () => {
    expect(ancestryOf(qs, 'leaf3')).toEqual(['leaf3', 'd', 'b', 'a']);
  });

  it('finds the lowest common ancestor as in the design doc', () => {
    expect(lcaOf(qs, 'leaf1', 'leaf3')).toBe('b');
    expect(lcaOf(qs, 'leaf1', 'leaf2')).toBe('c');
    expect(lcaOf(qs, 'leaf1', 'leaf1')).toBe('leaf1');
    expect(lcaOf(qs, 'c', 'leaf2')).toBe('c');
  });

  it('returns null across top-level trees and survives cycles', () => {
    const two = [...qs, queueState('z', null)];
    expect(lcaOf(two, 'leaf1', 'z')).toBeNull();
    const cyclic = [queueState('p', 'q'), queueState('q', 'p')];
    expect(ancestryOf(cyclic, 'p')).toEqual(['p', 'q']);
  });

  it('reveals the ancestors of queues to highlight, and only those', () => {
    const collapsed = new Set(['c', 'd']);
    expect([...revealQueues(collapsed, qs, ['leaf1'])]).toEqual(['d']);
    expect(revealQueues(collapsed, qs, ['a', null])).toBe(collapsed);
  });

  it('collapses a level', () => {
    expect([...collapsedBeyondDepth(qs, 2)].sort()).toEqual(['c', 'd']);
  });
});
