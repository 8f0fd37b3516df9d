import { describe, expect, it } from 'vitest';
import { attemptsOf, bound, phaseOf, runVolcano } from '../../testing';

const node = (cpu: number, name = 'n1') => ({ name, resources: { cpu, memory: '16Gi', pods: 20 } });

describe('allocate', () => {
  it('a gang that cannot reach minAvailable is discarded: gang rejects JobPipelined, the next job gets the room', () => {
    const s = runVolcano({
      nodes: [node(2)],
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'big',
          queue: 'q',
          phase: 'Inqueue',
          submitAt: '-1h',
          minAvailable: 3,
          tasks: 3,
          resources: { cpu: 1 },
        },
        {
          name: 'small',
          queue: 'q',
          phase: 'Inqueue',
          submitAt: '0s',
          minAvailable: 1,
          resources: { cpu: 1 },
        },
      ],
      scheduler: {
        actions: ['allocate'],
        tiers: [{ plugins: [{ name: 'gang' }, { name: 'sla', arguments: { 'sla-waiting-time': '1m' } }] }],
      },
    }).snapshot(1);
    expect(bound(s)).toEqual(['small-0']);
    const a = attemptsOf(s, 'big', 'allocate')[0]!;
    expect(a.outcome).toBe('failed');
    expect(a.code).toBe('gang-unsatisfiable');
  });

  it('a pipelined job holds its partial placement for the rest of the session (sla in an earlier tier than gang)', () => {
    const sim = runVolcano({
      nodes: [node(2)],
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'big',
          queue: 'q',
          phase: 'Inqueue',
          submitAt: '-1h',
          minAvailable: 3,
          tasks: 3,
          resources: { cpu: 1 },
        },
        {
          name: 'small',
          queue: 'q',
          phase: 'Inqueue',
          submitAt: '0s',
          minAvailable: 1,
          resources: { cpu: 1 },
        },
      ],
      scheduler: {
        actions: ['allocate'],
        tiers: [
          { plugins: [{ name: 'sla', arguments: { 'sla-waiting-time': '1m' } }] },
          { plugins: [{ name: 'gang' }] },
        ],
      },
      run: { sessions: 2 },
    });
    const s = sim.snapshot(1);
    // big's two allocated tasks are neither committed nor discarded: small finds no room and nothing binds.
    expect(bound(s)).toEqual([]);
    const a = attemptsOf(s, 'big', 'allocate')[0]!;
    expect(a.outcome).toBe('reserved');
    expect(a.message).toContain('stay reserved for the rest of this session');
    // The reservation is not in the cluster: the tasks are Pending at the end of the session.
    expect(s.tasks.filter((t) => t.job === 'big').map((t) => t.status)).toEqual([
      'Pending',
      'Pending',
      'Pending',
    ]);
    expect(sim.snapshot(2).tasks.find((t) => t.name === 'small-0')?.status).toBe('Pending');
  });

  it('a job at minAvailable places one task per turn, so two queues interleave by share', () => {
    const s = runVolcano({
      nodes: [node(4)],
      queues: [{ name: 'a' }, { name: 'b' }],
      jobs: [
        { name: 'ja', queue: 'a', phase: 'Inqueue', minAvailable: 0, tasks: 3, resources: { cpu: 1 } },
        { name: 'jb', queue: 'b', phase: 'Inqueue', minAvailable: 0, tasks: 3, resources: { cpu: 1 } },
      ],
      scheduler: { actions: ['allocate'], tiers: [{ plugins: [{ name: 'gang' }, { name: 'proportion' }] }] },
    }).snapshot(1);
    expect(bound(s)).toEqual(['ja-0', 'jb-0', 'ja-1', 'jb-1']);
  });

  it('an overused queue is dropped for the rest of the action', () => {
    // Queue a deserves what it uses (capability 1 CPU, and the node's 2 pod slots are split one each, the
    // `pods` scalar counting like any resource), so proportion calls it overused and allocate skips it.
    const s = runVolcano({
      nodes: [{ name: 'n1', resources: { cpu: 4, memory: '16Gi', pods: 2 } }],
      queues: [{ name: 'a', capability: { cpu: 1 } }, { name: 'b' }],
      jobs: [
        {
          name: 'run',
          queue: 'a',
          phase: 'Running',
          tasks: [{ status: 'Running', node: 'n1', resources: { cpu: 1 } }],
        },
        { name: 'ja', queue: 'a', phase: 'Inqueue', minAvailable: 0, resources: { cpu: 1 } },
        { name: 'jb', queue: 'b', phase: 'Inqueue', minAvailable: 0, resources: { cpu: 1 } },
      ],
      scheduler: { actions: ['allocate'], tiers: [{ plugins: [{ name: 'gang' }, { name: 'proportion' }] }] },
    }).snapshot(1);
    expect(bound(s)).toEqual(['jb-0']);
    expect(attemptsOf(s, 'ja')).toEqual([]);
  });

  it('with enqueue configured a Pending PodGroup waits for it; without, allocate admits it', () => {
    const doc = (actions: string[]) => ({
      nodes: [node(2)],
      queues: [{ name: 'q' }],
      jobs: [{ name: 'j', queue: 'q', resources: { cpu: 1 } }],
      scheduler: { actions, tiers: [{ plugins: [{ name: 'gang' }] }] },
    });
    // enqueue admits j (no minResources) and allocate places it in the same session.
    expect(bound(runVolcano(doc(['enqueue', 'allocate'])).snapshot(1))).toEqual(['j-0']);
    expect(bound(runVolcano(doc(['allocate'])).snapshot(1))).toEqual(['j-0']);
    const waiting = runVolcano(doc(['allocate', 'enqueue'])).snapshot(1);
    expect(bound(waiting)).toEqual([]);
    expect(phaseOf(waiting, 'j')).toBe('Inqueue');
  });

  it('picks the best-scored node (nodeorder least requested), ties by name', () => {
    const s = runVolcano({
      nodes: [node(4, 'n1'), node(4, 'n2')],
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'r',
          queue: 'q',
          phase: 'Running',
          tasks: [{ status: 'Running', node: 'n1', resources: { cpu: 2 } }],
        },
        { name: 'j', queue: 'q', phase: 'Inqueue', resources: { cpu: 1 } },
      ],
      scheduler: { actions: ['allocate'], tiers: [{ plugins: [{ name: 'gang' }, { name: 'nodeorder' }] }] },
    }).snapshot(1);
    expect(s.decisions.find((d) => d.task === 'j-0')?.node).toBe('n2');
  });

  it('binpack prefers the fuller node', () => {
    const s = runVolcano({
      nodes: [node(4, 'n1'), node(4, 'n2')],
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'r',
          queue: 'q',
          phase: 'Running',
          tasks: [{ status: 'Running', node: 'n2', resources: { cpu: 2 } }],
        },
        { name: 'j', queue: 'q', phase: 'Inqueue', resources: { cpu: 1 } },
      ],
      scheduler: { actions: ['allocate'], tiers: [{ plugins: [{ name: 'gang' }, { name: 'binpack' }] }] },
    }).snapshot(1);
    expect(s.decisions.find((d) => d.task === 'j-0')?.node).toBe('n2');
  });

  it('predicates: nodeSelector and the pod-count limit', () => {
    const s = runVolcano({
      nodes: [
        { name: 'n1', resources: { cpu: 8, memory: '16Gi', pods: 1 }, labels: { zone: 'a' } },
        { name: 'n2', resources: { cpu: 8, memory: '16Gi', pods: 10 }, labels: { zone: 'b' } },
      ],
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'a',
          queue: 'q',
          phase: 'Inqueue',
          tasks: [{ resources: { cpu: 1 }, nodeSelector: { zone: 'b' } }],
        },
        { name: 'b', queue: 'q', phase: 'Inqueue', minAvailable: 1, tasks: 2, resources: { cpu: 1 } },
      ],
      scheduler: { actions: ['allocate'], tiers: [{ plugins: [{ name: 'gang' }, { name: 'predicates' }] }] },
    }).snapshot(1);
    expect(s.decisions.find((d) => d.task === 'a-0')?.node).toBe('n2');
    const onN1 = s.decisions.filter((d) => d.node === 'n1').length;
    expect(onN1).toBeLessThanOrEqual(1);
  });
});
