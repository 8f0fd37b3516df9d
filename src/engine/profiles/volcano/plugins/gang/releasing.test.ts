/**
 * volcano pkg/scheduler/plugins/gang/gang_test.go TestShouldSkipUnschedulableForReleasing @ed72c7c8, every
 * case, on the lab's JobInfo (decision 0229).
 */
import { describe, expect, it } from 'vitest';
import { defaultTask } from '../../../../scenario/normaliseJob';
import { JobInfo, TaskInfo, type TaskStatus } from '../../api/JobInfo';
import { NodeInfo } from '../../api/NodeInfo';
import { bareJobSpec } from '../../testing';
import { shouldSkipUnschedulableForReleasing } from './releasing';

const empty = { gpu: 0, cpu: 0, memory: 0, pods: 1 };

function jobWith(min: number, tasks: Array<[string, TaskStatus, string]>): JobInfo {
  const spec = bareJobSpec(min);
  const job = new JobInfo(1, spec, 'Running');
  tasks.forEach(([uid, status, nodeName], i) => {
    const node =
      nodeName === '' ? null : new NodeInfo({ name: nodeName, resources: { ...empty }, labels: {} });
    job.add(new TaskInfo(i, defaultTask(uid, i, { ...empty }), job, status, node));
  });
  return job;
}

describe('gang: a releasing pod still counts toward minAvailable (TestShouldSkipUnschedulableForReleasing)', () => {
  it('partial termination: skips the Unschedulable condition', () => {
    const job = jobWith(2, [
      ['running', 'Running', 'node-1'],
      ['releasing', 'Releasing', 'node-2'],
    ]);
    expect(shouldSkipUnschedulableForReleasing(job)).toBe(true);
  });
  it('pending replacement still needs condition', () => {
    const job = jobWith(2, [
      ['running', 'Running', 'node-1'],
      ['releasing', 'Releasing', 'node-2'],
      ['replacement', 'Pending', ''],
    ]);
    expect(shouldSkipUnschedulableForReleasing(job)).toBe(false);
  });
  it('pipelined replacement still needs condition', () => {
    const job = jobWith(2, [
      ['running', 'Running', 'node-1'],
      ['releasing', 'Releasing', 'node-2'],
      ['replacement', 'Pipelined', 'node-3'],
    ]);
    expect(shouldSkipUnschedulableForReleasing(job)).toBe(false);
  });
  it('never scheduled releasing task is not counted', () => {
    const job = jobWith(1, [['releasing', 'Releasing', '']]);
    expect(shouldSkipUnschedulableForReleasing(job)).toBe(false);
  });
  it('scheduled tasks below minAvailable', () => {
    const job = jobWith(3, [
      ['running', 'Running', 'node-1'],
      ['releasing', 'Releasing', 'node-2'],
    ]);
    expect(shouldSkipUnschedulableForReleasing(job)).toBe(false);
  });
});
