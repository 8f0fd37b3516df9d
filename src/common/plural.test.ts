import { describe, expect, it } from 'vitest';
import { nounFor, plural } from './plural';

describe('plural', () => {
  it('uses the singular for exactly one, the plural otherwise', () => {
    expect(plural(1, 'job')).toBe('1 job');
    expect(plural(0, 'job')).toBe('0 jobs');
    expect(plural(2, 'node')).toBe('2 nodes');
    expect(plural(3, 'queue is', 'queues are')).toBe('3 queues are');
    expect(nounFor(1, 'task')).toBe('task');
    expect(nounFor(2, 'task')).toBe('tasks');
  });
});
