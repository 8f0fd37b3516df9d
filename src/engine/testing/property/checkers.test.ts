/**
 * The invariant checks themselves catch what they claim to: hand-made end-of-session states that break
 * each rule are reported, and the same states without the breakage are not.
 */
import { describe, expect, it } from 'vitest';
import type { SessionSnapshot, TaskState } from '../../model/snapshot';
import { scenarioOf } from '../scenarioTest';
import { checkNodeCapacity, checkPipelining, checkQueueLimits } from './checkCapacity';
import { checkMinRuntime } from '../../profiles/kai/testing/checkMinRuntime';
import { checkEvictionRecords } from './checkEvictions';
import { BrokenByNodeRemoval, checkConsolidation, checkGangs, checkStartTimes } from './checkGangs';
import type { Violation } from './invariants';
import { PreemptionDelayCheck } from './checkPreemptionDelay';
import { GpuMemoryCheck } from './checkGpuMemory';
import { scenarioFacts } from './sessionFacts';

const scenario = scenarioOf({
  scheduler: {
    tiers: [
      {
        plugins: [
          { name: 'predicates' },
          { name: 'proportion' },
          { name: 'priority' },
          { name: 'minruntime', arguments: { defaultPreemptMinRuntime: '60s' } },
        ],
      },
    ],
  },
  nodes: [{ name: 'n', resources: { gpu: 2 } }],
  queues: [{ name: 'top' }, { name: 'q', parent: 'top', resources: { gpu: { quota: 1, limit: 1 } } }],
  jobs: [
    { name: 'a', queue: 'q', resources: { gpu: 1 }, tasks: [{ status: 'Running', node: 'n' }] },
    { name: 'b', queue: 'q', resources: { gpu: 1 }, tasks: 2, minAvailable: 2 },
  ],
});
const facts = scenarioFacts(scenario);

function snapshot(
  tasks: Partial<Record<string, Partial<TaskState>>>,
  decisions: SessionSnapshot['decisions'] = [],
): SessionSnapshot {
  const all = ['a-0', 'b-0', 'b-1'].map((name) => ({
    name,
    job: name.slice(0, 1),
    status: 'Pending' as TaskState['status'],
    node: null as string | null,
    gpus: [] as TaskState['gpus'],
    ...tasks[name],
  }));
  const job = (name: string, minAvailable: number, startedAtMs: number | null) => {
    const mine = all.filter((t) => t.job === name);
    return {
      name,
      queue: 'q',
      minAvailable,
      taskCount: mine.length,
      running: mine.filter((t) => t.status === 'Running').length,
      pipelined: mine.filter((t) => t.status === 'Pipelined').length,
      startedAtMs,
      isElastic: minAvailable < mine.length,
    };
  };
  return {
    index: 2,
    timeMs: 1000,
    tasks: all,
    jobs: [job('a', 1, 0), job('b', 2, null)],
    queues: [
      {
        name: 'top',
        parent: null,
        limit: { gpu: -1, cpu: -1, memory: -1 },
        extras: { profile: 'kai', preemptMinRuntimeMs: null, reclaimMinRuntimeMs: null },
      },
      {
        name: 'q',
        parent: 'top',
        limit: { gpu: 1, cpu: -1, memory: -1 },
        extras: { profile: 'kai', preemptMinRuntimeMs: null, reclaimMinRuntimeMs: null },
      },
    ],
    nodes: [
      { name: 'n', capacity: { gpu: 2, cpu: Infinity, memory: Infinity, pods: Infinity }, gpuDevices: 2 },
    ],
    decisions,
    trace: { attempts: [], pending: [] },
  } as unknown as SessionSnapshot;
}

const decision = (
  action: string,
  kind: 'bind' | 'pipeline' | 'evict',
  task: string,
  by: string | null = null,
) => ({
  action,
  kind,
  task,
  job: task.slice(0, 1),
  node: 'n',
  by,
  reason: '',
  attempt: null,
});

const names = (out: Violation[]) => out.map((v) => v.invariant);

describe('invariant checks', () => {
  it('node capacity: Running+Pipelined over a node is reported, a full node is not', () => {
    const full = snapshot({
      'a-0': { status: 'Running', node: 'n', gpus: [{ index: 0, share: 1 }] },
      'b-0': { status: 'Pipelined', node: 'n', gpus: [{ index: 1, share: 1 }] },
    });
    const out: Violation[] = [];
    checkNodeCapacity(full, facts, out);
    expect(out).toEqual([]);
    checkNodeCapacity(
      snapshot({
        'a-0': { status: 'Running', node: 'n' },
        'b-0': { status: 'Pipelined', node: 'n' },
        'b-1': { status: 'Pipelined', node: 'n' },
      }),
      facts,
      out,
    );
    expect(names(out)).toEqual(['node-capacity']);
  });

  it('GPU devices: two whole tasks on one device are reported', () => {
    const out: Violation[] = [];
    checkNodeCapacity(
      snapshot({
        'a-0': { status: 'Running', node: 'n', gpus: [{ index: 0, share: 1 }] },
        'b-0': { status: 'Running', node: 'n', gpus: [{ index: 0, share: 1 }] },
      }),
      facts,
      out,
    );
    // Both Running+Releasing and Running+Pipelined over-fill device 0.
    expect(names(out)).toEqual(['gpu-device-capacity', 'gpu-device-capacity']);
  });

  it('queue limit: a placement that takes the queue over its limit is reported; no placement, no check', () => {
    const over = {
      'a-0': { status: 'Running' as const, node: 'n' },
      'b-0': { status: 'Pipelined' as const, node: 'n' },
    };
    const out: Violation[] = [];
    checkQueueLimits(snapshot(over), facts, out);
    expect(out).toEqual([]);
    checkQueueLimits(snapshot(over, [decision('consolidation', 'pipeline', 'b-0')]), facts, out);
    expect(names(out)).toEqual(['queue-limit']);
  });

  it('pipelining: a job Pipelined where nothing is released is reported; next to a Releasing task it is not', () => {
    const out: Violation[] = [];
    checkPipelining(
      snapshot({ 'a-0': { status: 'Releasing', node: 'n' }, 'b-0': { status: 'Pipelined', node: 'n' } }),
      out,
    );
    expect(out).toEqual([]);
    checkPipelining(
      snapshot({ 'a-0': { status: 'Running', node: 'n' }, 'b-0': { status: 'Pipelined', node: 'n' } }),
      out,
    );
    expect(names(out)).toEqual(['pipelined-onto-releasing']);
  });

  it('gangs: a placed job below minAvailable is reported unless a removed node broke it', () => {
    const half = snapshot({ 'b-0': { status: 'Running', node: 'n' } });
    const out: Violation[] = [];
    checkGangs(half, new BrokenByNodeRemoval(), out);
    expect(names(out)).toEqual(['gang-min-available']);
  });

  it('gangs: a terminating pod counts toward its gang, as KAI IsGangSatisfied counts active-used pods', () => {
    const stuck = {
      job: 'b',
      task: 'b-1',
      node: 'n',
      status: 'StuckInReleasing' as const,
      sinceMs: -125_000,
      message: 'stuck',
    };
    const whole = snapshot({
      'b-0': { status: 'Running', node: 'n' },
      'b-1': { status: 'Running', node: 'n', terminating: stuck },
    });
    const out: Violation[] = [];
    checkGangs(whole, new BrokenByNodeRemoval(), out);
    expect(out).toEqual([]);
  });

  it('consolidation: moving a task that was not running when the session opened is reported', () => {
    const prev = snapshot({ 'a-0': { status: 'Running', node: 'n' } });
    const now = snapshot(
      { 'a-0': { status: 'Pipelined', node: 'n' }, 'b-0': { status: 'Releasing', node: 'n' } },
      [decision('consolidation', 'evict', 'a-0', 'b'), decision('consolidation', 'evict', 'b-0', 'a')],
    );
    const out: Violation[] = [];
    checkConsolidation(scenario, prev, now, out);
    expect(out.map((v) => v.message)).toEqual([
      expect.stringContaining('moved b-0, which was not running'),
      expect.stringContaining('left b with 0 Running + 0 Pipelined'),
    ]);
  });

  it('start time: a move without a Running task is reported, unless allocate started the job and stalegangeviction evicted it', () => {
    const prev = snapshot({});
    const moved = (decisions: SessionSnapshot['decisions'], allocated: boolean): SessionSnapshot => {
      const s = snapshot({}, decisions);
      s.jobs = s.jobs.map((j) => (j.name === 'b' ? { ...j, startedAtMs: s.timeMs } : j));
      if (allocated)
        s.trace.attempts = [
          { action: 'allocate', job: 'b', outcome: 'allocated' },
        ] as SessionSnapshot['trace']['attempts'];
      return s;
    };
    const check = (now: SessionSnapshot) => {
      const out: Violation[] = [];
      checkStartTimes(scenario, prev, now, out);
      return names(out);
    };
    expect(check(moved([decision('stalegangeviction', 'evict', 'b-0', 'b')], true))).toEqual([]);
    expect(check(moved([decision('stalegangeviction', 'evict', 'b-0', 'b')], false))).toEqual([
      'start-time-only-on-start',
    ]);
    expect(check(moved([decision('preempt', 'evict', 'b-0', 'a')], true))).toEqual([
      'start-time-only-on-start',
    ]);
    expect(check(moved([], true))).toEqual(['start-time-only-on-start']);
  });

  it('min-runtime: a preempt eviction inside the protection window is reported; one without a preemptor too', () => {
    const prev = snapshot({ 'a-0': { status: 'Running', node: 'n' } });
    const now = snapshot({ 'a-0': { status: 'Releasing', node: 'n' } }, [
      decision('preempt', 'evict', 'a-0', 'b'),
    ]);
    const out: Violation[] = [];
    checkMinRuntime(scenario, prev, now, out);
    expect(names(out)).toEqual(['min-runtime-non-elastic']);
    const anonymous: Violation[] = [];
    checkEvictionRecords(snapshot({}, [decision('reclaim', 'evict', 'a-0', null)]), anonymous);
    expect(names(anonymous)).toEqual(['eviction-names-preemptor']);
  });

  it('preemption delay: an eviction triggered before the delay ends is reported; after it, or re-armed by an eviction, as stated', () => {
    const delayed = scenarioOf({
      nodes: [{ name: 'n', resources: { gpu: 1 } }],
      queues: [{ name: 'q' }],
      jobs: [
        { name: 'a', queue: 'q', resources: { gpu: 1 }, tasks: [{ status: 'Running', node: 'n' }] },
        { name: 'b', queue: 'q', priority: 100, preemptionDelay: '2s', resources: { gpu: 1 } },
      ],
    });
    const at = (timeMs: number, decisions: SessionSnapshot['decisions']) =>
      ({ ...snapshot({}, decisions), timeMs, index: timeMs / 1000 + 1 }) as SessionSnapshot;
    const early: Violation[] = [];
    new PreemptionDelayCheck(delayed).update(at(1000, [decision('preempt', 'evict', 'a-0', 'b')]), early);
    expect(names(early)).toEqual(['preemption-delay']);
    const onTime: Violation[] = [];
    new PreemptionDelayCheck(delayed).update(at(2000, [decision('preempt', 'evict', 'a-0', 'b')]), onTime);
    expect(onTime).toEqual([]);
    // b itself evicted at 3s: it may not trigger evictions again before 5s.
    const rearmed: Violation[] = [];
    const check = new PreemptionDelayCheck(delayed);
    check.update(at(3000, [decision('preempt', 'evict', 'b-0', 'a')]), rearmed);
    check.update(at(4000, [decision('reclaim', 'evict', 'a-0', 'b')]), rearmed);
    expect(names(rearmed)).toEqual(['preemption-delay']);
  });
});

describe('gpu-memory-devices', () => {
  const memory = scenarioOf({
    nodes: [{ name: 'n', resources: { gpu: 2, gpuMemory: 100 } }],
    queues: [{ name: 'q' }],
    jobs: [{ name: 'm', queue: 'q', resources: { gpuMemory: 40 } }],
  });
  const placed = (gpus: TaskState['gpus']) =>
    ({
      ...snapshot({}),
      tasks: [{ name: 'm-0', job: 'm', status: 'Running', node: 'n', gpus }],
    }) as SessionSnapshot;
  it('holds for one device with share m / D', () => {
    const out: Violation[] = [];
    new GpuMemoryCheck(memory).update(placed([{ index: 1, share: 0.4 }]), out);
    expect(out).toEqual([]);
  });
  it('flags a wrong share or a second device', () => {
    const out: Violation[] = [];
    new GpuMemoryCheck(memory).update(placed([{ index: 0, share: 0.5 }]), out);
    new GpuMemoryCheck(memory).update(
      placed([
        { index: 0, share: 0.2 },
        { index: 1, share: 0.2 },
      ]),
      out,
    );
    expect(names(out)).toEqual(['gpu-memory-devices', 'gpu-memory-devices']);
  });
  const twoDevices = scenarioOf({
    nodes: [{ name: 'n', resources: { gpu: 3, gpuMemory: 100 } }],
    queues: [{ name: 'q' }],
    jobs: [{ name: 'm', queue: 'q', resources: { gpuMemory: 40, gpuMemoryDevices: 2 } }],
  });
  it('holds for n distinct devices with share m / D each', () => {
    const out: Violation[] = [];
    new GpuMemoryCheck(twoDevices).update(
      placed([
        { index: 0, share: 0.4 },
        { index: 2, share: 0.4 },
      ]),
      out,
    );
    expect(out).toEqual([]);
  });
  it('flags one device too few, the same device twice, or the total on one device', () => {
    const out: Violation[] = [];
    new GpuMemoryCheck(twoDevices).update(placed([{ index: 0, share: 0.4 }]), out);
    new GpuMemoryCheck(twoDevices).update(
      placed([
        { index: 1, share: 0.4 },
        { index: 1, share: 0.4 },
      ]),
      out,
    );
    new GpuMemoryCheck(twoDevices).update(placed([{ index: 0, share: 0.8 }]), out);
    expect(names(out)).toEqual(['gpu-memory-devices', 'gpu-memory-devices', 'gpu-memory-devices']);
  });
});

describe('queue-limit with GPU-memory tasks (decision 0356)', () => {
  // KAI counts a placed memory task's portion rounded up to the hundredth to its queue
  // (gpu_sharing_node_info.go:355-358 @d5bc503): 200 MiB of a 600 MiB device is 0.34, not 1/3.
  const memory = scenarioOf({
    nodes: [{ name: 'n', resources: { gpu: 1, gpuMemory: 600 } }],
    queues: [{ name: 'top' }, { name: 'q', parent: 'top', resources: { gpu: { quota: 1, limit: 1 } } }],
    jobs: ['a', 'b', 'c'].map((name) => ({ name, queue: 'q', resources: { gpuMemory: 200 } })),
  });
  const memoryFacts = scenarioFacts(memory);
  const placed = (names: string[]) =>
    ({
      ...snapshot({}),
      jobs: names.map((t) => ({ name: t.slice(0, 1), queue: 'q' })),
      tasks: names.map((name) => ({
        name,
        job: name.slice(0, 1),
        status: 'Running',
        node: 'n',
        gpus: [{ index: 0, share: 1 / 3 }],
      })),
      decisions: [{ ...decision('allocate', 'bind', names[names.length - 1] as string) }],
    }) as SessionSnapshot;

  it('counts each at 0.34: three on one device (1.02) are over a limit of 1, two (0.68) are not', () => {
    expect(memoryFacts.quotaOn('a-0', 'n')?.gpu).toBe(0.34);
    expect(memoryFacts.heldOn('a-0', 'n')?.gpu).toBeCloseTo(1 / 3, 12);
    const two: Violation[] = [];
    checkQueueLimits(placed(['a-0', 'b-0']), memoryFacts, two);
    expect(two).toEqual([]);
    const three: Violation[] = [];
    checkQueueLimits(placed(['a-0', 'b-0', 'c-0']), memoryFacts, three);
    expect(names(three)).toEqual(['queue-limit']);
  });
});
