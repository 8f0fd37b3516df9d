/**
 * Queue order over many siblings and deep chains: the order is re-ranked after every placement (the
 * tournament replays only the changed child), and no walk of the tree recurses per level.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../../../testing/scenarioTest';
import { MAX_QUEUE_DEPTH } from '../../../../scenario/limits';

describe('JobsOrderByQueues', () => {
  it('every one of 1,000 sibling queues gets its in-quota job before any queue gets a second', () => {
    const n = 1000;
    const queues = [
      { name: 'root' },
      ...Array.from({ length: n }, (_, i) => ({
        name: `q${i}`,
        parent: 'root',
        resources: { gpu: { quota: 1 } },
      })),
    ];
    // Two jobs per queue, but only one GPU per queue in the cluster: a queue that got its first job is
    // at its fair share and must yield to every queue still below it.
    const jobs = Array.from({ length: 2 * n }, (_, i) => ({
      name: `j${i}`,
      queue: `q${i % n}`,
      resources: { gpu: 1 },
    }));
    const sim = run({
      nodes: [{ name: 'n', resources: { gpu: 100 }, count: n / 100 }],
      queues,
      jobs,
      scheduler: { actions: ['allocate'] },
      run: { sessions: 1 },
    });
    const bound = sim.snapshot(1).decisions.filter((d) => d.kind === 'bind');
    expect(bound).toHaveLength(n);
    // One job per queue: job j<i> is in queue q<i mod n>.
    expect(new Set(bound.map((d) => Number(d.job.slice(1)) % n)).size).toBe(n);
  });

  it(`a chain of ${MAX_QUEUE_DEPTH} queues runs a full session and places the job at its bottom`, () => {
    const queues = Array.from({ length: MAX_QUEUE_DEPTH }, (_, i) =>
      i === 0 ? { name: 'c0' } : { name: `c${i}`, parent: `c${i - 1}`, resources: { gpu: { quota: 1 } } },
    );
    const sim = run({
      nodes: [{ name: 'n', resources: { gpu: 1 } }],
      queues,
      jobs: [{ name: 'deep', queue: `c${MAX_QUEUE_DEPTH - 1}`, resources: { gpu: 1 } }],
      run: { sessions: 1 },
    });
    const s = sim.snapshot(1);
    expect(s.tasks.find((t) => t.name === 'deep-0')?.status).toBe('Running');
    expect(s.queues.find((q) => q.name === `c${MAX_QUEUE_DEPTH - 1}`)?.fairShare.gpu).toBe(1);
  });
});
