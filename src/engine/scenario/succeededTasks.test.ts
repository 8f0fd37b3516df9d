/**
 * A task may start `Succeeded` (docs §5, decision 0330): a pod of the job that already finished. It holds
 * nothing, is never placed or evicted, and counts where upstream counts succeeded pods.
 */
import { describe, expect, it } from 'vitest';
import { normaliseScenarioDocument } from '../index';
import { run, statusOf } from '../testing/scenarioTest';

function doc(profile: string, job: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    version: 1,
    name: 't',
    profile,
    nodes: [{ name: 'n0', resources: { gpu: 2 } }],
    queues: [{ name: 'q' }],
    jobs: [{ name: 'j', queue: 'q', resources: { gpu: 1 }, ...job }],
    run: { sessions: 3 },
    ...extra,
  };
}

function problems(d: Record<string, unknown>): string[][] {
  const r = normaliseScenarioDocument(d);
  const issues = r.ok ? r.warnings : r.errors;
  return issues.map((i) => [i.code, i.path, i.message]);
}

describe('reading status: Succeeded', () => {
  it('is accepted with no node; a node is ignored with a warning, as for Pending', () => {
    expect(problems(doc('kai', { tasks: [{ status: 'Succeeded' }] }))).toEqual([]);
    expect(problems(doc('kai', { tasks: [{ status: 'Succeeded', node: 'n0' }] }))).toEqual([
      ['node-ignored', 'jobs[0].tasks[0].node', 'task "j-0" is Succeeded, so its node is ignored'],
    ]);
  });

  it('is refused in a job created after t=0 and in a submitted job', () => {
    expect(problems(doc('volcano', { submitAt: '5s', tasks: [{ status: 'Succeeded' }] }))).toEqual([
      [
        'running-before-submit',
        'jobs[0].tasks[0].status',
        'task "j-0" is Succeeded at t=0, but its job is created later (submitAt 5s)',
      ],
    ]);
    const submitted = {
      ...doc('kai', {}),
      jobs: [],
      events: [{ at: '1s', submit: { name: 'j', queue: 'q', tasks: [{ status: 'Succeeded' }] } }],
    };
    expect(problems(submitted)).toEqual([
      [
        'invalid-event',
        'events[0].submit.tasks[0].status',
        'tasks of a submitted job start Pending; they cannot be Succeeded',
      ],
    ]);
  });

  it('is refused by kueue, which admits a Workload whole', () => {
    const kueue = {
      ...doc('kueue', { tasks: [{ status: 'Succeeded' }, { status: 'Pending' }] }),
      queues: [],
      kueue: {
        resourceFlavors: [{ name: 'f' }],
        clusterQueues: [
          {
            name: 'q',
            resourceGroups: [
              {
                coveredResources: ['gpu'],
                flavors: [{ name: 'f', resources: [{ name: 'gpu', nominalQuota: 2 }] }],
              },
            ],
          },
        ],
      },
    };
    const found = problems(kueue);
    expect(found.map(([code, path]) => [code, path])).toEqual([
      ['field-not-in-profile', 'jobs[0].tasks[0].status'],
    ]);
    expect(found[0]?.[2]).toContain('a task cannot start Succeeded');
  });
});

describe('a Succeeded task in a run', () => {
  it('holds nothing: another job takes the whole node, and the task stays Succeeded with no node', () => {
    const sim = run(
      doc(
        'kai',
        { tasks: [{ status: 'Succeeded' }, { status: 'Succeeded' }] },
        {
          jobs: [
            { name: 'done', queue: 'q', resources: { gpu: 2 }, tasks: [{ status: 'Succeeded' }] },
            { name: 'w', queue: 'q', resources: { gpu: 2 } },
          ],
        },
      ),
    );
    const s1 = sim.snapshot(1);
    expect(statusOf(s1, 'w-0')).toBe('Running');
    expect(s1.tasks.find((t) => t.name === 'done-0')).toMatchObject({ status: 'Succeeded', node: null });
    expect(s1.decisions.filter((d) => d.task === 'done-0')).toEqual([]);
  });

  // KAI IsReadyForScheduling asks alive pods (job_info.go:479, podset.go:114-120, pod_status.go:72 @d5bc503):
  // a succeeded pod is not alive, so 1 Succeeded + 2 Pending never reach minAvailable 3. Volcano's
  // ValidTaskNum counts it (job_info.go:1178 @ed72c7c8), so the gang is valid and is placed.
  it('kai: a gang of 3 with one pod Succeeded and two Pending is not ready for scheduling; volcano places it', () => {
    const job = { minAvailable: 3, tasks: [{ status: 'Succeeded' }, {}, {}] };
    const kai = run(doc('kai', job)).snapshot(3);
    expect(['j-0', 'j-1', 'j-2'].map((t) => statusOf(kai, t))).toEqual(['Succeeded', 'Pending', 'Pending']);
    // The reason names the rule, not "not reached" (decision 0330's left item).
    expect(kai.trace.pending.find((p) => p.job === 'j')?.message).toBe(
      "j is not ready for scheduling: 2 of its 3 tasks are pending, placed or running, fewer than minAvailable 3 (its 1 succeeded task(s) do not count), so KAI's actions do not try it.",
    );
    const volcano = run(doc('volcano', job)).snapshot(3);
    expect(['j-0', 'j-1', 'j-2'].map((t) => statusOf(volcano, t))).toEqual([
      'Succeeded',
      'Running',
      'Running',
    ]);
  });

  it('runtime counts while Running and Succeeded tasks reach minAvailable; then the rest succeed', () => {
    const job = {
      minAvailable: 3,
      startedAt: '0s',
      runtime: '2s',
      tasks: [{ status: 'Succeeded' }, { status: 'Running', node: 'n0' }, { status: 'Running', node: 'n0' }],
    };
    const sim = run(doc('kai', job, { run: { sessions: 4 } }));
    expect(statusOf(sim.snapshot(2), 'j-1')).toBe('Running');
    const s3 = sim.snapshot(3);
    expect(['j-0', 'j-1', 'j-2'].map((t) => statusOf(s3, t))).toEqual([
      'Succeeded',
      'Succeeded',
      'Succeeded',
    ]);
    expect(s3.decisions.filter((d) => d.kind === 'complete').map((d) => d.task)).toEqual(['j-1', 'j-2']);
  });
});
