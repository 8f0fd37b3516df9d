import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JobState } from '../../engine/model/snapshot';
import { filterJobs, jobRowsOf, jobStatusLabel, sortJobs } from './jobRows';
import { kaiJob, runningJob, type KaiJobOver } from './testing/kaiJob';
import { collatorRanks, createNameRanker, jobNameOrderOf } from '../../protocol/jobNameOrder';
import type { JobSortKey, JobStatusFilter } from '../../store/AppState';

/** A KAI job: its protections go into its extras, as the engine sends them (decision 0316). */
const job = (name: string, over: KaiJobOver = {}): JobState => kaiJob(runningJob(name, 'q'), over);

/** Name pieces the collator orders unlike code units: case, accents composed and not (which it finds equal), digits, punctuation. */
const nameText = fc.constantFrom('a', 'A', 'b', 'é', 'e\u0301', '1', '10', '2', '-', '_', 'z', 'Z');

/** Jobs with unique names of those pieces, each in one of `queues`, with some tasks running and pending. */
function jobsNamedArb(queues: readonly string[]): fc.Arbitrary<JobState[]> {
  return fc
    .uniqueArray(
      fc.array(nameText, { minLength: 1, maxLength: 4 }).map((t) => t.join('')),
      { maxLength: 30 },
    )
    .chain((names) =>
      fc.tuple(
        fc.constant(names),
        fc.array(fc.tuple(fc.constantFrom(...queues), fc.nat(2), fc.nat(2)), {
          minLength: names.length,
          maxLength: names.length,
        }),
      ),
    )
    .map(([names, rest]) =>
      names.map((n, i) => {
        const [queue, running, pending] = rest[i]!;
        return kaiJob(runningJob(n, queue), { running, pending, priority: (i * 7) % 3 });
      }),
    );
}

const protectedUntil = (untilMs: number) => ({
  resolution: {
    kind: 'preempt' as const,
    method: null,
    durationMs: 60_000,
    source: 'q',
    preemptorQueue: null,
    victimQueue: 'q',
    lca: null,
    stepDown: null,
    path: ['q'],
    note: null,
  },
  protectedUntilMs: untilMs,
  isProtected: true,
});

describe('jobs table rows', () => {
  it('labels jobs by what their tasks are doing', () => {
    expect(jobStatusLabel(job('a', { running: 0, pending: 1 }))).toBe('Pending');
    expect(jobStatusLabel(job('a', { running: 1, pending: 1, taskCount: 2 }))).toBe('Partly running');
    expect(jobStatusLabel(job('a', { running: 0, releasing: 1 }))).toBe('Releasing');
    expect(jobStatusLabel(job('a', { running: 0, succeeded: 1 }))).toBe('Succeeded');
  });

  it("names a job's terminating pods as KAI does (§23.4): StuckInReleasing before Releasing", () => {
    expect(jobStatusLabel(job('a', { terminating: { releasing: 1, stuck: 0 } }))).toBe('Releasing');
    expect(
      jobStatusLabel(job('a', { taskCount: 2, running: 2, terminating: { releasing: 1, stuck: 1 } })),
    ).toBe('StuckInReleasing');
  });

  it('filters by text across name, queue and class, and by status', () => {
    const jobs = [
      job('train-a', { queue: 'research' }),
      job('infer', { priorityClassName: 'inference', running: 0, pending: 1 }),
    ];
    expect(filterJobs(jobs, { text: 'RESEARCH', status: 'all' }).map((j) => j.name)).toEqual(['train-a']);
    expect(filterJobs(jobs, { text: 'infer', status: 'all' }).map((j) => j.name)).toEqual(['infer']);
    expect(filterJobs(jobs, { text: '', status: 'pending' }).map((j) => j.name)).toEqual(['infer']);
    expect(filterJobs(jobs, { text: '', status: 'protected' })).toEqual([]);
  });

  it('sorts by protection left, unprotected last, ties by name', () => {
    const jobs = [
      job('c'),
      job('b', { preemptProtection: protectedUntil(50_000) }),
      job('a', { preemptProtection: protectedUntil(20_000) }),
    ];
    expect(sortJobs(jobs, { key: 'preempt', direction: 'asc' }, 10_000).map((j) => j.name)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(sortJobs(jobs, { key: 'queue', direction: 'desc' }, 0).map((j) => j.name)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('under lca a job is Protected when the engine protects it from a waiting reclaimer, and sorts by the longest', () => {
    const fromQueue = (queue: string, untilMs: number, isProtected: boolean) => ({
      ...protectedUntil(untilMs),
      isProtected,
      reclaimerQueues: [queue],
      reclaimerQueueCount: 1,
    });
    const lca = (entries: ReturnType<typeof fromQueue>[]) => ({
      method: 'lca' as const,
      anyReclaimer: null,
      byReclaimer: entries,
      isProtected: entries.some((e) => e.isProtected),
    });
    const jobs = [
      job('open', { reclaimProtection: lca([fromQueue('team-b', 5_000, false)]) }),
      job('kept', {
        reclaimProtection: lca([fromQueue('team-b', 30_000, true), fromQueue('team-c', 90_000, true)]),
      }),
      job('nobody-waits', { reclaimProtection: lca([]) }),
      job('short', { reclaimProtection: lca([fromQueue('team-b', 40_000, true)]) }),
    ];
    expect(filterJobs(jobs, { text: '', status: 'protected' }).map((j) => j.name)).toEqual(['kept', 'short']);
    // kept is protected from team-c until t=90s: it sorts after short (t=40s).
    expect(sortJobs(jobs, { key: 'reclaim', direction: 'asc' }, 10_000).map((j) => j.name)).toEqual([
      'short',
      'kept',
      'nobody-waits',
      'open',
    ]);
  });

  it('sorts by running tasks then task count, and by name both ways', () => {
    const jobs = [
      job('b', { running: 1, taskCount: 4 }),
      job('a', { running: 1, taskCount: 2 }),
      job('c', { running: 0, taskCount: 8 }),
    ];
    const names = (key: 'tasks' | 'name', direction: 'asc' | 'desc') =>
      sortJobs(jobs, { key, direction }, 0).map((j) => j.name);
    expect(names('tasks', 'asc')).toEqual(['c', 'a', 'b']);
    expect(names('tasks', 'desc')).toEqual(['b', 'a', 'c']);
    expect(names('name', 'asc')).toEqual(['a', 'b', 'c']);
    expect(names('name', 'desc')).toEqual(['c', 'b', 'a']);
  });

  it('sorts by name and queue in collator order, as comparing with localeCompare does, across sessions', () => {
    // Names ranked once and kept while a session's jobs are known (decision 0365): the order must stay the
    // collator's for any names (case, accents, digits, a decomposed é beside a composed one) and after the
    // job set changes.
    const jobsArb = jobsNamedArb(['q-a', 'Q-b', 'q10', 'q2']);
    const reference = (jobs: readonly JobState[], key: 'name' | 'queue', sign: number) =>
      [...jobs]
        .sort((a, b) => {
          const p = key === 'name' ? a.name.localeCompare(b.name) : a.queue.localeCompare(b.queue);
          return p !== 0 ? sign * p : a.name.localeCompare(b.name);
        })
        .map((j) => j.name);
    fc.assert(
      fc.property(jobsArb, jobsArb, (first, second) => {
        for (const jobs of [
          first,
          second,
          first,
          [...first, ...second.filter((j) => !first.some((f) => f.name === j.name))],
        ])
          for (const key of ['name', 'queue'] as const)
            for (const direction of ['asc', 'desc'] as const)
              expect(sortJobs(jobs, { key, direction }, 0).map((j) => j.name)).toEqual(
                reference(jobs, key, direction === 'asc' ? 1 : -1),
              );
      }),
      { numRuns: 200, seed: 20_261_128 },
    );
  });

  it("gives the same rows from the worker's name order as from ranking here, for every filter and sort", () => {
    // The worker ranks the names (decision 0377); its ranks may come from a larger set of names (the last
    // session's), which keeps the order of any subset.
    const jobsArb = jobsNamedArb(['q-a', 'Q-b', 'q10', 'q-é', 'q-e\u0301']);
    const keys: JobSortKey[] = [
      'name',
      'queue',
      'priority',
      'status',
      'tasks',
      'runtime',
      'preempt',
      'reclaim',
    ];
    const statuses: JobStatusFilter[] = ['all', 'pending', 'running', 'protected', 'evicted'];
    fc.assert(
      fc.property(
        jobsArb,
        fc.array(nameText, { maxLength: 3 }),
        fc.constantFrom(...statuses),
        fc.constantFrom('', 'a', 'q-', 'é'),
        fc.boolean(),
        (jobs, extra, status, needle, fromLarger) => {
          const names = jobs.map((j) => j.name);
          const ranked = fromLarger ? collatorRanks([...names, ...extra]) : createNameRanker()(names);
          const order = jobNameOrderOf(names, ranked);
          const filter = { text: needle, status };
          for (const key of keys)
            for (const direction of ['asc', 'desc'] as const) {
              const sort = { key, direction };
              // Copies: the row models are kept per job list, and each side must compute its own.
              const here = jobRowsOf([...jobs], filter, sort, 0).map((j) => j.name);
              expect(jobRowsOf([...jobs], filter, sort, 0, order).map((j) => j.name)).toEqual(here);
            }
        },
      ),
      { numRuns: 300, seed: 20_261_129 },
    );
  });

  it("builds a session's rows once per filter and sort, and again for another session's jobs", () => {
    const jobs = [job('b'), job('a', { running: 0, pending: 1 })];
    const all = { text: '', status: 'all' as const };
    const byName = { key: 'name' as const, direction: 'asc' as const };
    const rows = jobRowsOf(jobs, all, byName, 0);
    expect(rows.map((j) => j.name)).toEqual(['a', 'b']);
    expect(jobRowsOf(jobs, { ...all }, { ...byName }, 0)).toBe(rows);
    expect(jobRowsOf(jobs, { text: '', status: 'pending' }, byName, 0).map((j) => j.name)).toEqual(['a']);
    expect(jobRowsOf([...jobs], all, byName, 0)).not.toBe(rows);
  });
});
