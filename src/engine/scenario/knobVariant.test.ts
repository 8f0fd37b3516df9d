/** Sweep knobs as variants (§15.2): each path builds the variant the file would write, through §15's checks. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyVariant, formatIssue, knobVariant, parseScenario } from '../index';
import type { Scenario } from '../model/scenario';

function parse(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}
const LCA = parse(
  readFileSync(new URL('../../scenarios/workshop-lca-or-queue.yaml', import.meta.url), 'utf8'),
);

function ok(path: string, value: string) {
  const r = knobVariant(LCA, path, value, `v-${value}`);
  if (!r.ok) throw new Error(r.message);
  return applyVariant(LCA, r.variant);
}

describe('knobVariant', () => {
  it('queue fields, nested ones included', () => {
    const s = ok('queues.team-a.reclaimMinRuntime', '30s');
    expect(s.queues.find((q) => q.name === 'team-a')?.reclaimMinRuntimeMs).toBe(30_000);
    const quota = ok('queues.team-b.resources.gpu.quota', '2');
    expect(quota.queues.find((q) => q.name === 'team-b')?.resources.gpu.quota).toBe(2);
  });

  it('plugin arguments, actions, schedule period and job fields', () => {
    const m = ok('plugins.minruntime.reclaimResolveMethod', 'queue');
    const plugin = m.scheduler.tiers[0]?.plugins.find((p) => p.name === 'minruntime');
    expect(plugin?.arguments).toEqual({ reclaimResolveMethod: 'queue' });
    expect(ok('actions', '[allocate]').scheduler.actions).toEqual(['allocate']);
    expect(ok('schedulePeriod', '5s').scheduler.schedulePeriodMs).toBe(5000);
    expect(ok('jobs.sweep-1.runtime', '1m').jobs.find((j) => j.name === 'sweep-1')?.runtimeMs).toBe(60_000);
  });

  it('answers a bad value or path with §15’s message, never a throw', () => {
    const bad = knobVariant(LCA, 'queues.team-a.reclaimMinRuntime', 'soon', 'x');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message.startsWith('queues.team-a.reclaimMinRuntime = soon: ')).toBe(true);
    const unknownQueue = knobVariant(LCA, 'queues.nobody.reclaimMinRuntime', '5m', 'x');
    expect(!unknownQueue.ok && unknownQueue.message).toContain('queue "nobody" does not exist');
    const unknownKnob = knobVariant(LCA, 'nodes.node-0.gpu', '4', 'x');
    expect(!unknownKnob.ok && unknownKnob.message).toContain('unknown knob "nodes.node-0.gpu"');
    expect(knobVariant(LCA, 'seed', '3', 'x')).toMatchObject({ ok: false });
    expect(knobVariant(LCA, 'schedulePeriod', '[unclosed', 'x')).toMatchObject({ ok: false });
    expect(knobVariant(LCA, 'plugins.gang.x', '1', 'x')).toMatchObject({ ok: false });
  });

  it('seed on a scenario with a workload; dotted queue names resolve to the longest match', () => {
    const s = parse(`version: 1
nodes: [{name: n0, resources: {gpu: 8}}]
queues: [{name: team}, {name: team.a, parent: team}]
workload: [{queue: team.a, until: 1m, arrivals: {ratePerHour: 60}, gpus: 1, runtime: {fixed: 1m}}]
`);
    const seeded = knobVariant(s, 'seed', '9', 's9');
    expect(seeded.ok && seeded.variant.seed).toBe(9);
    const dotted = knobVariant(s, 'queues.team.a.reclaimMinRuntime', '1m', 'd');
    expect(dotted.ok && dotted.variant.queues[0]?.name).toBe('team.a');
  });
});
