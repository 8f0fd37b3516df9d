import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../model/scenario';
import type { SessionSnapshot, TaskState } from '../../model/snapshot';
import { parseScenario } from '../../scenario/parseScenario';
import { BrokenByNodeRemoval } from './checkGangs';
import { checkSubGroups, jobsWithSubGroups } from './checkSubGroups';
import type { Violation } from './invariants';

const parsed = parseScenario(`version: 1
name: sg
profile: kai
nodes: [{name: n, resources: {gpu: 8}}]
queues: [{name: q}]
jobs:
  - name: j
    queue: q
    minSubGroup: 1
    subGroups:
      - {name: a, minMember: 2}
      - {name: b, minMember: 1}
    tasks: [{subGroup: a}, {subGroup: a}, {subGroup: b}]
`);
if (!parsed.ok) throw new Error('fixture does not parse');
const scenario: Scenario = parsed.scenario;

function snap(statuses: Record<string, TaskState['status']>): SessionSnapshot {
  const tasks = Object.entries(statuses).map(([name, status]) => ({
    name,
    job: 'j',
    status,
    node: 'n',
    gpus: [],
  }));
  return { index: 1, timeMs: 0, tasks } as unknown as SessionSnapshot;
}

describe('subgroup-minimums checker', () => {
  const jobs = jobsWithSubGroups(scenario);
  it('accepts a job whose root minSubGroup is met by one satisfied subgroup, and an empty job', () => {
    const out: Violation[] = [];
    checkSubGroups(
      jobs,
      snap({ 'j-0': 'Running', 'j-1': 'Pipelined', 'j-2': 'Pending' }),
      new BrokenByNodeRemoval(),
      out,
    );
    checkSubGroups(jobs, snap({ 'j-2': 'Running' }), new BrokenByNodeRemoval(), out);
    checkSubGroups(
      jobs,
      snap({ 'j-0': 'Pending', 'j-1': 'Releasing', 'j-2': 'Pending' }),
      new BrokenByNodeRemoval(),
      out,
    );
    expect(out).toEqual([]);
  });
  it('reports a placed job whose tree is below its minimums, naming the short subgroups', () => {
    const out: Violation[] = [];
    checkSubGroups(
      jobs,
      snap({ 'j-0': 'Running', 'j-1': 'Pending', 'j-2': 'Pending' }),
      new BrokenByNodeRemoval(),
      out,
    );
    expect(out).toEqual([
      {
        invariant: 'subgroup-minimums',
        session: 1,
        message:
          'j has 1 task(s) Running/Pipelined but its subgroup tree is below its minimums: a (1 of minMember 2), b (0 of minMember 1)',
      },
    ]);
  });
});
