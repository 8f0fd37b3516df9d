/** Task roles in the format (docs §26, decision 0227): read, bounded, located, refused outside volcano. */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index';
import { serialiseScenario } from './serialiseScenario';

function doc(profile: string, job: string[]): string {
  return [
    'version: 1',
    `profile: ${profile}`,
    'nodes: [{name: n0, resources: {cpu: 4}}]',
    'queues: [{name: q}]',
    'jobs:',
    '  - name: j',
    '    queue: q',
    ...job.map((l) => `    ${l}`),
    '',
  ].join('\n');
}

const ROLES = [
  'minAvailable: 2',
  'minTaskMember: {master: 1, worker: 1}',
  'tasks:',
  '  - {name: m, role: master}',
  '  - {name: w, labels: {volcano.sh/task-spec: worker}}',
];

function errors(text: string): Array<[string, string, number | null]> {
  const r = parseScenario(text);
  return r.ok ? [] : r.errors.map((e) => [e.code, e.path, e.line]);
}

describe('task roles', () => {
  it('volcano reads role, the task-spec label and minTaskMember, and writes them back', () => {
    const r = parseScenario(doc('volcano', ROLES));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const job = r.scenario.jobs[0];
    expect(job?.minTaskMember).toEqual({ master: 1, worker: 1 });
    expect(job?.tasks.map((t) => t.role)).toEqual(['master', 'worker']);
    const again = parseScenario(serialiseScenario(r.scenario));
    expect(again.ok && again.scenario.jobs[0]).toEqual(job);
  });

  for (const profile of ['kai', 'kube-batch']) {
    it(`${profile} refuses role and minTaskMember with their field paths`, () => {
      expect(errors(doc(profile, ROLES))).toEqual([
        ['invalid-value', 'jobs[0].minTaskMember', 9],
        ['invalid-value', 'jobs[0].tasks[0].role', 11],
      ]);
    });
  }

  it('kai keeps a task-spec label as an ordinary label', () => {
    const r = parseScenario(doc('kai', ['tasks: [{labels: {volcano.sh/task-spec: a}}]']));
    expect(r.ok && r.scenario.jobs[0]?.tasks[0]?.role).toBe(undefined);
  });

  it('bounds: role length, minimum range and type, conflicting label', () => {
    const long = 'r'.repeat(64);
    expect(
      errors(
        doc('volcano', [
          `minTaskMember: {a: -1, b: 10001, c: x, ${long}: 1}`,
          'tasks:',
          `  - {role: ${long}}`,
          '  - {role: a, labels: {volcano.sh/task-spec: b}}',
          '  - {role: 7}',
        ]),
      ),
    ).toEqual([
      ['out-of-range', 'jobs[0].minTaskMember.a', 8],
      ['out-of-range', 'jobs[0].minTaskMember.b', 8],
      ['wrong-type', 'jobs[0].minTaskMember.c', 8],
      ['too-large', `jobs[0].minTaskMember.${long}`, 8],
      ['too-large', 'jobs[0].tasks[0].role', 10],
      ['invalid-value', 'jobs[0].tasks[1].role', 11],
      ['wrong-type', 'jobs[0].tasks[2].role', 12],
    ]);
  });
});
