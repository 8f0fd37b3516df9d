/** The per-role checker reports a job placed with a role below its minimum, and nothing else. */
import { describe, expect, it } from 'vitest';
import type { JobState, SessionSnapshot, TaskState } from '../../model/snapshot';
import { scenarioOf } from '../scenarioTest';
import { BrokenByNodeRemoval } from './checkGangs';
import { checkRoles, EvictedJobs, roleFacts } from './checkRoles';
import type { Violation } from './invariants';

const scenario = scenarioOf({
  profile: 'volcano',
  nodes: [{ name: 'n', resources: { cpu: 8 } }],
  queues: [{ name: 'q' }],
  jobs: [
    {
      name: 'j',
      queue: 'q',
      minAvailable: 2,
      minTaskMember: { m: 1, w: 1 },
      resources: { cpu: 1 },
      tasks: [
        { name: 'j-m', role: 'm' },
        { name: 'j-w0', role: 'w' },
        { name: 'j-w1', role: 'w' },
      ],
    },
  ],
});
const facts = roleFacts(scenario);

function snap(running: string[], decisions: SessionSnapshot['decisions'] = []): SessionSnapshot {
  const tasks: TaskState[] = ['j-m', 'j-w0', 'j-w1'].map((name) => ({
    name,
    job: 'j',
    status: running.includes(name) ? 'Running' : 'Pending',
    node: running.includes(name) ? 'n' : null,
    gpus: [],
  }));
  return { index: 1, tasks, decisions } as unknown as SessionSnapshot;
}

function check(
  s: SessionSnapshot,
  evicted = new EvictedJobs(),
  broken = new BrokenByNodeRemoval(),
): Violation[] {
  const out: Violation[] = [];
  evicted.update(s);
  checkRoles(s, facts, evicted, broken, () => false, out);
  return out;
}

describe('role-min-member', () => {
  it('two workers and no master is reported, naming the role', () => {
    expect(check(snap(['j-w0', 'j-w1'])).map((v) => [v.invariant, v.message])).toEqual([
      ['role-min-member', 'j: role m has 0 Running/Pipelined/Succeeded < minTaskMember 1'],
    ]);
  });
  it('a master and a worker hold; nothing placed is not checked', () => {
    expect(check(snap(['j-m', 'j-w1']))).toEqual([]);
    expect(check(snap([]))).toEqual([]);
  });
  it('a job that lost a task to an eviction is exempt (gang judges evictions per job)', () => {
    const evict = [{ kind: 'evict', job: 'j', task: 'j-m' }] as unknown as SessionSnapshot['decisions'];
    expect(check(snap(['j-w0', 'j-w1'], evict))).toEqual([]);
  });
  it('a job the profile marks this session is exempt though whole by count, and only that session', () => {
    // Volcano's within-job preempt commits each task without JobPipelined (preempt.go:233-288 @ed72c7c8).
    const broken = new BrokenByNodeRemoval();
    broken.markUpstreamGangGaps(['j']);
    broken.isExempt({ name: 'j', running: 2, pipelined: 0, minAvailable: 2 } as unknown as JobState);
    expect(broken.has('j')).toBe(false);
    expect(check(snap(['j-w0', 'j-w1']), new EvictedJobs(), broken)).toEqual([]);
    broken.markUpstreamGangGaps([]);
    expect(check(snap(['j-w0', 'j-w1']), new EvictedJobs(), broken)).toHaveLength(1);
  });
});
