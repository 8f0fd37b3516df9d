/**
 * dryRun: a job that starts, one that evicts to start, one that never starts within the horizon, invalid
 * jobs (errors with the job's field paths), and a Kubernetes PodGroup with its Pods.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario } from '../../index';
import type { Scenario } from '../../model/scenario';
import { dryRun } from './dryRun';
import type { DryRunResult } from './types';

function scenario(text: string): Scenario {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(p.errors.map(formatIssue).join('\n'));
  return p.scenario;
}

const CLUSTER = scenario(`version: 1
profile: kai
scheduler: { schedulePeriod: 10s }
nodes: [{ name: n, count: 2, resources: { gpu: 4 } }]
queues:
  - { name: org, resources: { gpu: { quota: 8 } } }
  - { name: research, parent: org, reclaimMinRuntime: 30s, resources: { gpu: { quota: 4 } } }
  - { name: product, parent: org, resources: { gpu: { quota: 4 } } }
jobs:
  - { name: sweep, queue: research, startedAt: -10s, resources: { gpu: 4 }, tasks: [{ status: Running, node: n-0 }, { status: Running, node: n-1 }] }
run: { until: 2m }
`);

function result(jobText: string, cluster = CLUSTER): DryRunResult {
  const r = dryRun(cluster, jobText);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.result;
}

describe('dryRun', () => {
  it('starts: a job that fits runs at session 1, evicting nobody', () => {
    const small = scenario(`version: 1
profile: kai
nodes: [{ name: n, resources: { gpu: 4 } }]
queues: [{ name: q }]
`);
    expect(result('{ name: probe, queue: q, resources: { gpu: 2 } }', small)).toEqual({
      job: 'probe',
      starts: true,
      session: 1,
      time: 0,
      evicts: [],
      reason: null,
      horizon: { sessions: 1, time: 0 },
    });
  });

  it('evicts: reclaims once the victims’ min-runtime has passed, naming them', () => {
    const r = result('name: probe\nqueue: product\nresources: { gpu: 4 }\n');
    // sweep started at -10s with 30s reclaim protection: reclaimable from t=20s (session 3).
    expect(r).toMatchObject({ starts: true, session: 3, time: 20_000 });
    // sweep is a gang of 2 (minAvailable defaults to its task count): both tasks go.
    expect(r.evicts).toEqual([
      { task: 'sweep-0', job: 'sweep', queue: 'research', action: 'reclaim' },
      { task: 'sweep-1', job: 'sweep', queue: 'research', action: 'reclaim' },
    ]);
  });

  it('never starts: the last blocker and the horizon', () => {
    const r = result('{"name": "huge", "queue": "product", "resources": {"gpu": 16}}');
    expect(r).toMatchObject({
      starts: false,
      session: null,
      time: null,
      horizon: { sessions: 13, time: 120_000 },
    });
    expect(r.reason).toMatch(/^no-capacity: huge-0 found no node with room/);
  });

  it('submits at a later session of the cluster when asked, counting sessions from the cluster’s first', () => {
    // At session 4 (t=30s) sweep's 30s of protection is over: the reclaim happens at once.
    const r = dryRun(CLUSTER, 'name: late\nqueue: product\nresources: { gpu: 4 }\n', { session: 4 });
    expect(r).toMatchObject({ ok: true, result: { starts: true, session: 4, time: 30_000 } });
    expect(dryRun(CLUSTER, 'name: late\nqueue: product\n', { session: 14 })).toEqual({
      ok: false,
      errors: ["session 14 is past the end of the cluster's run (13 sessions)"],
    });
  });

  it('invalid: field paths under job, a clash with a cluster job, not a mapping, bad YAML', () => {
    const bad = dryRun(
      CLUSTER,
      'name: x\nqueue: nope\nresources: { gpu: -1 }\ntasks: [{ status: Running, node: n-0 }]\n',
    );
    expect(bad).toEqual({
      ok: false,
      errors: [
        'job.resources.gpu: must not be negative, got -1',
        'job.tasks[0].status: tasks of a submitted job start Pending; they cannot be Running',
        'job.queue: queue "nope" does not exist',
      ],
    });
    expect(dryRun(CLUSTER, 'name: sweep\nqueue: product\n')).toEqual({
      ok: false,
      errors: ['job.name: a job named "sweep" is already in the cluster'],
    });
    expect(dryRun(CLUSTER, '- a\n- b\n')).toEqual({
      ok: false,
      errors: ['job: expected one job as a mapping ({name, queue, ...})'],
    });
    const yaml = dryRun(CLUSTER, 'name: [unclosed\n');
    expect(yaml.ok).toBe(false);
    expect(dryRun(CLUSTER, 'x'.repeat(1024 * 1024 + 1))).toMatchObject({ ok: false });
  });

  it('refuses YAML that would blow up or never end, as the scenario parser does', () => {
    const level = (name: string, of: string) =>
      `${name}: &${name} [${Array(10).fill(`*${of}`).join(', ')}]\n`;
    const bomb = `a: &a [x, x, x, x, x, x, x, x, x, x]\n${level('b', 'a')}${level('c', 'b')}${level('d', 'c')}name: x\nqueue: product\n`;
    expect(dryRun(CLUSTER, bomb)).toEqual({
      ok: false,
      errors: ['job: Excessive alias count indicates a resource exhaustion attack'],
    });
    expect(dryRun(CLUSTER, 'a: &a [*a]\nname: x\nqueue: product\n')).toMatchObject({ ok: false });
    expect(dryRun(CLUSTER, `${'['.repeat(5000)}${']'.repeat(5000)}`)).toEqual({
      ok: false,
      errors: ['job: the job nests too deeply to read (lists and mappings nest at most 64 levels)'],
    });
  });

  it('reads a KAI PodGroup with its Pods as the job', () => {
    const pod = (name: string) => `---
apiVersion: v1
kind: Pod
metadata: { name: ${name}, namespace: ns, annotations: { pod-group-name: pg } }
spec:
  schedulerName: kai-scheduler
  containers: [{ name: w, image: x, resources: { limits: { nvidia.com/gpu: '2' } } }]
`;
    const text = `apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: { name: pg, namespace: ns }
spec: { minMember: 2, queue: product }
${pod('p-0')}${pod('p-1')}`;
    const r = result(text);
    expect(r).toMatchObject({ job: 'pg', starts: true, session: 3 });
    expect(r.evicts.map((e) => e.task)).toEqual(['sweep-0', 'sweep-1']);
    const two = dryRun(
      CLUSTER,
      `${text}---\napiVersion: scheduling.run.ai/v2alpha2\nkind: PodGroup\nmetadata: { name: pg2 }\nspec: { minMember: 1, queue: product }\n`,
    );
    expect(two.ok).toBe(false);
  });
});
