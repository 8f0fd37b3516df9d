import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../model/scenario';
import type { SessionSnapshot, TaskState } from '../../model/snapshot';
import { parseScenario } from '../../scenario/parseScenario';
import { BrokenByNodeRemoval, checkGangs } from './checkGangs';
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
  it('exempts a job that lost a pod to a completed deletion until its tree is whole again (decision 0351)', () => {
    const broken = new BrokenByNodeRemoval();
    const out: Violation[] = [];
    const short = snap({ 'j-0': 'Running', 'j-1': 'Running', 'j-2': 'Pending' });
    const lost = {
      ...short,
      decisions: [{ action: 'termination', kind: 'evict', task: 'j-2', job: 'j', node: 'n', by: null }],
      // Its count (2) meets minAvailable 2, so the gang check forgets the job; the subgroup check must not.
      jobs: [{ name: 'j', running: 2, pipelined: 0, minAvailable: 2 }],
    } as unknown as SessionSnapshot;
    broken.update(scenario, null, lost);
    checkGangs(lost, broken, out);
    checkSubGroups(jobs, lost, broken, out);
    expect(out).toEqual([]);
    // Whole again, then short again with no pod lost: reported.
    checkSubGroups(jobs, snap({ 'j-0': 'Running', 'j-1': 'Running', 'j-2': 'Running' }), broken, out);
    checkSubGroups(jobs, snap({ 'j-0': 'Running', 'j-1': 'Pending', 'j-2': 'Pending' }), broken, out);
    expect(out.map((v) => v.invariant)).toEqual(['subgroup-minimums']);
  });
});
