/**
 * volcano pkg/scheduler/api/job_info_test.go TestParseMinMemberInfoChanged @ed72c7c8 (every case: the lab
 * builds a JobInfo per session from the PodGroup as it is, so "changed" is the second parse), and the
 * per-role checks of job_info.go on small jobs (decision 0227).
 */
import { describe, expect, it } from 'vitest';
import { defaultTask } from '../../../scenario/normaliseJob';
import { bareJobSpec } from '../testing';
import { JobInfo, TaskInfo, type TaskStatus } from './JobInfo';
import { needContinueAllocating, rolesNotPipelined, rolesNotReady, rolesNotValid } from './taskRoles';

function job(
  minAvailable: number,
  minTaskMember: Record<string, number>,
  tasks: Array<[string, TaskStatus]>,
): JobInfo {
  const spec = bareJobSpec(minAvailable, minTaskMember);
  const j = new JobInfo(1, spec, 'Inqueue');
  tasks.forEach(([role, status], i) => {
    const t = { ...defaultTask(`t${i}`, i, { gpu: 0, cpu: 1, memory: 0, pods: 1 }), role };
    j.add(new TaskInfo(i, t, j, status, null));
  });
  return j;
}

describe('TestParseMinMemberInfoChanged', () => {
  const cases: Array<[string, Record<string, number>, number]> = [
    ['task member changed from single to multiple roles', { master: 1, worker: 2, gpu: 1 }, 4],
    ['task member decreased', { master: 1, worker: 2 }, 3],
    ['task member increased', { master: 2, worker: 5, gpu: 3 }, 10],
    ['task member replaced completely', { 'new-master': 1, 'new-worker': 3 }, 4],
    ['task member changed to empty', {}, 0],
  ];
  for (const [name, changed, total] of cases)
    it(name, () => {
      const j = job(0, changed, []);
      expect(Object.fromEntries(j.taskMinAvailable)).toEqual(changed);
      expect(j.taskMinAvailableTotal).toBe(total);
    });
});

describe('per-role checks', () => {
  it('ready, pipelined and valid name the roles below their minimum', () => {
    const j = job(2, { m: 1, w: 1 }, [
      ['m', 'Allocated'],
      ['w', 'Pipelined'],
    ]);
    expect(rolesNotReady(j)).toEqual(['w 0/1']);
    expect(rolesNotPipelined(j)).toEqual([]);
    expect(rolesNotValid(j)).toEqual([]);
  });
  it('a minimum role no task has makes the job invalid; off when minAvailable is below the sum', () => {
    expect(rolesNotValid(job(2, { m: 1, x: 1 }, [['m', 'Pending']]))).toEqual(['x 0/1']);
    expect(rolesNotValid(job(1, { m: 1, x: 1 }, [['m', 'Pending']]))).toEqual([]);
  });
  it('NeedContinueAllocating: a failed role below its minimum stops; at it, goes on', () => {
    const j = job(2, { m: 2, w: 0 }, [
      ['m', 'Allocated'],
      ['m', 'Pending'],
      ['w', 'Pending'],
    ]);
    j.recordFitError(j.tasks[1] as TaskInfo, 'no node');
    expect(needContinueAllocating(j)).toBe(false);
    const k = job(2, { m: 1, w: 1 }, [
      ['m', 'Allocated'],
      ['m', 'Pending'],
      ['w', 'Pending'],
    ]);
    k.recordFitError(k.tasks[1] as TaskInfo, 'no node');
    expect(needContinueAllocating(k)).toBe(true);
    expect(k.taskHasFitErrors(k.tasks[1] as TaskInfo)).toBe(true);
  });
  it('NeedContinueAllocating: every task needed stops; roles off counts the roles that did not fail', () => {
    const all = job(2, {}, [
      ['', 'Pending'],
      ['', 'Pending'],
    ]);
    all.recordFitError(all.tasks[0] as TaskInfo, 'no node');
    expect(needContinueAllocating(all)).toBe(false);
    const off = job(2, { m: 2, w: 2 }, [
      ['m', 'Pending'],
      ['w', 'Pending'],
      ['w', 'Pending'],
    ]);
    off.recordFitError(off.tasks[0] as TaskInfo, 'no node');
    expect(needContinueAllocating(off)).toBe(true);
    off.recordFitError(off.tasks[1] as TaskInfo, 'no node');
    expect(needContinueAllocating(off)).toBe(false);
  });
});
