/**
 * GPU-memory requests on a cluster with mixed device memories (decision 0328): the reader's bounds, and the
 * three divisors the engine uses where KAI does — the smallest device memory before placement, the largest in
 * the job-level capacity check, the node's own once placed (placement, node and queue accounting) and in the
 * per-node capacity check. The upstream case is the conformance file GM-5 (its control GM-6).
 */
import { describe, expect, it } from 'vitest';
import { normaliseScenarioDocument } from '../index';
import { evictedIn, run, scenarioOf } from '../testing/scenarioTest';

const base = { version: 1, name: 't', queues: [{ name: 'q' }] };
const node = (name: string, mib: number, gpu = 1) => ({ name, resources: { gpu, gpuMemory: mib } });
const job = (mib: number, extra: Record<string, unknown> = {}) => ({
  name: 'j',
  queue: 'q',
  resources: { gpuMemory: mib },
  ...extra,
});

function errorsOf(doc: Record<string, unknown>): { path: string; message: string }[] {
  const r = normaliseScenarioDocument(doc);
  return r.ok ? [] : r.errors.map((e) => ({ path: e.path, message: e.message }));
}

describe('mixed device memories: reading', () => {
  it('are accepted; before placement a request counts m / the smallest device memory', () => {
    const s = scenarioOf({ ...base, nodes: [node('big', 40000), node('small', 20000)], jobs: [job(10000)] });
    expect(s.jobs[0]?.tasks[0]?.resources.gpu).toBe(0.5);
  });
  it('a request above the largest device memory is out of range, naming the field', () => {
    const errors = errorsOf({ ...base, nodes: [node('a', 400), node('b', 600)], jobs: [job(700)] });
    expect(errors.map((e) => e.path)).toEqual(['jobs[0].tasks.resources.gpuMemory']);
    expect(errors[0]?.message).toContain(
      'requests 700 MiB of GPU memory but the largest devices have 600 MiB',
    );
  });
  it('a request that is a whole multiple of a smaller device memory is refused (KAI over-commits one device)', () => {
    const errors = errorsOf({ ...base, nodes: [node('a', 400), node('b', 1000)], jobs: [job(800)] });
    expect(errors.map((e) => e.path)).toEqual(['jobs[0].tasks.resources.gpuMemory']);
    expect(errors[0]?.message).toContain('exactly 2 devices of 400 MiB on node "a"');
    expect(errors[0]?.message).toContain(
      'place it on one device there (over-committing its memory) and count 2 GPU',
    );
  });
  it('devices of 100 MiB or less are refused among mixed memories (KAI leaves them out of min and max)', () => {
    const errors = errorsOf({ ...base, nodes: [node('a', 400), node('b', 100)], jobs: [job(50)] });
    expect(errors.map((e) => e.path)).toEqual(['nodes[1].resources.gpuMemory']);
  });
});

describe('mixed device memories: the engine', () => {
  const cluster = {
    ...base,
    scheduler: { actions: ['allocate'] },
    run: { sessions: 1 },
  };
  it('a placed request takes m / D of its node, on the devices and in the node and queue figures', () => {
    // Only the 1000 MiB node has room: 250 MiB is 0.25 of a device there (0.625 before placement).
    const sim = run({
      ...cluster,
      nodes: [node('big', 1000), { ...node('small', 400), resources: { gpu: 1, gpuMemory: 400, pods: 0 } }],
      jobs: [job(250)],
    });
    const snap = sim.snapshot(1);
    const task = snap.tasks.find((t) => t.name === 'j-0');
    expect(task?.node).toBe('big');
    expect(task?.gpus).toEqual([{ index: 0, share: 0.25 }]);
    expect(snap.nodes.find((n) => n.name === 'big')?.used.gpu).toBe(0.25);
    expect(snap.queues.find((q) => q.name === 'q')?.allocated.gpu).toBe(0.25);
  });
  it('the job-level check counts the largest device memory and says so', () => {
    const sim = run({
      ...cluster,
      nodes: [node('big', 1000), node('small', 500)],
      queues: [{ name: 'q', resources: { gpu: { quota: 1, limit: 0.2 } } }],
      jobs: [job(250)],
    });
    const messages = sim
      .snapshot(1)
      .trace.attempts.map((a) => a.message)
      .join('\n');
    expect(messages).toContain('250 MiB = 0.25 GPU of 1000 MiB devices (the largest in the cluster)');
  });
  it('the per-node check refuses a node whose devices make the request too large for the limit', () => {
    // Job level: 250 / 1000 = 0.25 within the limit. big is full; on small 250 / 500 = 0.5 GPU.
    const doc = (limit: number) => ({
      ...cluster,
      nodes: [node('big', 1000), node('small', 500)],
      queues: [{ name: 'q', resources: { gpu: { quota: 1, limit } } }, { name: 'other' }],
      jobs: [
        { name: 'full', queue: 'other', resources: { gpu: 1 }, tasks: [{ status: 'Running', node: 'big' }] },
        job(250),
      ],
    });
    const refused = run(doc(0.3)).snapshot(1);
    expect(refused.tasks.find((t) => t.name === 'j-0')?.status).toBe('Pending');
    expect(JSON.stringify(refused.trace)).toContain('250 MiB = 0.5 GPU of 500 MiB devices on node small');
    const bound = run(doc(0.5))
      .snapshot(1)
      .tasks.find((t) => t.name === 'j-0');
    expect([bound?.node, bound?.gpus]).toEqual(['small', [{ index: 0, share: 0.5 }]]);
  });
  it('a victim counts and frees m / D of its node in reclaim', () => {
    // qa's task on the 2000 MiB node: 400 MiB is 0.2 GPU there (0.8 at the smallest memory, 500 MiB), within
    // its quota 0.5, so it is not reclaimed; 1800 MiB is 0.9 GPU there, above it, so it is.
    const doc = (mib: number) => ({
      version: 1,
      name: 't',
      scheduler: { actions: ['reclaim'] },
      nodes: [node('big', 2000), node('small', 500)],
      queues: [
        { name: 'qa', resources: { gpu: { quota: 0.5, limit: -1, overQuotaWeight: 0 } } },
        { name: 'qb', resources: { gpu: { quota: 1, limit: -1, overQuotaWeight: 0 } } },
        { name: 'qc', resources: { gpu: { quota: 0.5, limit: -1, overQuotaWeight: 0 } } },
      ],
      jobs: [
        {
          ...job(mib),
          name: 'a',
          queue: 'qa',
          startedAt: '-60s',
          tasks: [{ status: 'Running', node: 'big' }],
        },
        {
          name: 'c',
          queue: 'qc',
          priorityClassName: 'build',
          preemptibility: 'non-preemptible',
          startedAt: '-60s',
          resources: { gpu: 1 },
          tasks: [{ status: 'Running', node: 'small' }],
        },
        { name: 'b', queue: 'qb', submitAt: '-1m', resources: { gpu: 1 } },
      ],
      run: { sessions: 1 },
    });
    const kept = run(doc(400)).snapshot(1);
    expect(evictedIn(kept)).toEqual([]);
    expect(kept.queues.find((q) => q.name === 'qa')?.allocated.gpu).toBe(0.2);
    const reclaimed = run(doc(1800)).snapshot(1);
    expect(evictedIn(reclaimed)).toEqual(['a-0']);
    expect(JSON.stringify(reclaimed.trace)).toContain('qa holds gpu 0.9');
  });
  it('a task Running at the start must fit the devices of its node', () => {
    const errors = errorsOf({
      ...base,
      nodes: [node('big', 2000), node('small', 500)],
      jobs: [{ ...job(700), tasks: [{ status: 'Running', node: 'small' }] }],
    });
    expect(errors.map((e) => e.path)).toEqual(['jobs[0].tasks[0].node']);
    expect(errors[0]?.message).toContain(
      'asks for 700 MiB of GPU memory per device but node "small" has 500 MiB devices',
    );
  });
});
