/**
 * A task Running at t=0 needs its job to exist at t=0 (issue 18, docs §5). Before, a job with `submitAt: 1s`
 * and a task listed Running on a 2-GPU node arrived Running in session 2, on the node a 2-GPU job had been
 * bound to in session 1: 4 GPUs ran on 2, in every profile. Now such a job is refused with its field path;
 * written Pending, it arrives Pending and no node is ever over capacity.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index';
import { checkScenarioText } from '../testing/property/checkScenario';

const PROFILES = ['kai', 'volcano', 'kube-batch'] as const;

function scenario(profile: string, lateTask: string, submitAt = '1s'): string {
  return [
    'version: 1',
    `profile: ${profile}`,
    'nodes: [{name: n0, resources: {gpu: 2}}]',
    'queues: [{name: q}]',
    'jobs:',
    '  - {name: early, queue: q, resources: {gpu: 2}}',
    '  - name: late',
    '    queue: q',
    `    submitAt: ${submitAt}`,
    '    resources: {gpu: 2}',
    `    tasks: [${lateTask}]`,
    'run: {sessions: 3}',
    '',
  ].join('\n');
}

describe('a job created after t=0 cannot have Running tasks', () => {
  for (const profile of PROFILES) {
    it(`${profile}: the issue's reproducer is refused at jobs[1].tasks[0].status`, () => {
      const r = parseScenario(scenario(profile, '{status: Running, node: n0}'));
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.errors.map((e) => [e.code, e.path, e.line])).toEqual([
        ['running-before-submit', 'jobs[1].tasks[0].status', 11],
      ]);
      expect(r.errors[0]?.message).toBe(
        'task "late-0" is Running at t=0, but its job is created later (submitAt 1s)',
      );
    });

    it(`${profile}: written Pending, the late job waits and no node is over capacity in any session`, () => {
      const check = checkScenarioText(scenario(profile, '{status: Pending}'));
      expect(check.accepted).toBe(true);
      expect(check.sessions).toBe(3);
      expect(check.violations).toEqual([]);
    });
  }

  it('still accepts Running tasks of jobs created at or before t=0', () => {
    for (const submitAt of ['0s', '-1m']) {
      const text = scenario('kai', '{status: Running, node: n0}', submitAt).replace(
        '  - {name: early, queue: q, resources: {gpu: 2}}\n',
        '',
      );
      expect(parseScenario(text).ok, submitAt).toBe(true);
    }
  });
});
