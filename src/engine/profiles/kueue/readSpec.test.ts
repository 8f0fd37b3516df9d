/**
 * The `kueue:` block (docs/scenario-format.md §27): located errors for bad values, refused fields with the
 * profile's reason, bounds, and the block only in profile kueue.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario, serialiseScenario } from '../../index';
import type { KueueSpec } from './spec';

const BASE = `version: 1
profile: kueue
nodes: [{ name: n, resources: { gpu: 8, cpu: 64 } }]
jobs: [{ name: j, queue: team, resources: { gpu: 1 }, tasks: 1 }]
kueue:
  resourceFlavors: [{ name: default }]
  clusterQueues:
    - name: team
      cohortName: org
      resourceGroups:
        - coveredResources: [gpu, cpu]
          flavors:
            - name: default
              resources:
                - { name: gpu, nominalQuota: 4, lendingLimit: 2 }
                - { name: cpu, nominalQuota: 32 }
`;

function errors(text: string): string[] {
  const r = parseScenario(text);
  return r.ok ? [] : r.errors.map(formatIssue);
}

describe('the kueue block', () => {
  it('reads a valid block and derives the cohort and ClusterQueue cards', () => {
    const r = parseScenario(BASE);
    if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
    expect(r.scenario.queues.map((q) => [q.name, q.parent, q.resources.gpu.quota])).toEqual([
      ['org', null, 0],
      ['team', 'org', 4],
    ]);
  });

  it('names the field of a bad enum, quantity or limit', () => {
    const text = BASE.replace('cohortName: org', 'cohortName: org\n      queueingStrategy: Fifo').replace(
      'lendingLimit: 2',
      'lendingLimit: 5',
    );
    const out = errors(text.replace('nominalQuota: 32', 'nominalQuota: lots'));
    expect(
      out.some((e) => e.includes('kueue.clusterQueues[0].queueingStrategy') && e.includes('StrictFIFO')),
    ).toBe(true);
    expect(out.some((e) => e.includes('resources[0].lendingLimit') && e.includes('must not exceed'))).toBe(
      true,
    );
    expect(out.some((e) => e.includes('resources[1].nominalQuota'))).toBe(true);
  });

  it('refuses fields it does not model with the reason, never ignores them', () => {
    const out = errors(
      BASE.replace(
        'cohortName: org',
        'cohortName: org\n      admissionScope: { admissionMode: UsageBasedAdmissionFairSharing }',
      ),
    );
    expect(
      out.some(
        (e) => e.includes('kueue.clusterQueues[0].admissionScope') && e.includes('admission fair sharing'),
      ),
    ).toBe(true);
  });

  it('refuses the Configuration’s admissionFairSharing at its path (decision 0324)', () => {
    const out = errors(
      BASE.replace(
        'kueue:\n',
        'kueue:\n  admissionFairSharing: { usageHalfLifeTime: 168h, usageSamplingInterval: 5m }\n',
      ),
    );
    expect(out).toHaveLength(1);
    expect(out[0]).toContain('kueue.admissionFairSharing');
    expect(out[0]).toContain('no LocalQueues');
  });

  it('reads fair sharing: the strategies, a weight per ClusterQueue and Cohort (default 1, 0 allowed)', () => {
    const text = BASE.replace(
      'resourceFlavors: [{ name: default }]',
      'fairSharing: { preemptionStrategies: [LessThanInitialShare] }\n  resourceFlavors: [{ name: default }]\n  cohorts: [{ name: org, fairSharing: { weight: 0 } }]',
    ).replace('cohortName: org', 'cohortName: org\n      fairSharing: { weight: "1500m" }');
    const r = parseScenario(text);
    if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
    const spec = r.scenario.profileBlock?.data as KueueSpec;
    expect(spec.fairSharing).toEqual({ preemptionStrategies: ['LessThanInitialShare'] });
    expect(spec.clusterQueues[0]?.fairWeight).toBe(1.5);
    expect(spec.cohorts[0]?.fairWeight).toBe(0);
    const plain = parseScenario(BASE);
    if (!plain.ok) throw new Error('BASE does not parse');
    expect((plain.scenario.profileBlock?.data as KueueSpec).fairSharing).toBe(null);
    expect((plain.scenario.profileBlock?.data as KueueSpec).clusterQueues[0]?.fairWeight).toBe(1);
  });

  it('names a bad weight and an unsupported strategy list (pkg/config/validation.go:389-431)', () => {
    const text = BASE.replace(
      'resourceFlavors: [{ name: default }]',
      'fairSharing: { preemptionStrategies: [LessThanInitialShare, LessThanOrEqualToFinalShare] }\n  resourceFlavors: [{ name: default }]',
    ).replace('cohortName: org', 'cohortName: org\n      fairSharing: { weight: "1n" }');
    const out = errors(text);
    expect(
      out.some((e) => e.includes('kueue.fairSharing.preemptionStrategies') && e.includes('expected one of')),
    ).toBe(true);
    expect(
      out.some(
        (e) => e.includes('kueue.clusterQueues[0].fairSharing.weight') && e.includes('0, or above 1e-9'),
      ),
    ).toBe(true);
    const missing = errors(
      BASE.replace(
        'resourceFlavors: [{ name: default }]',
        'fairSharing: {}\n  resourceFlavors: [{ name: default }]',
      ),
    );
    expect(
      missing.some((e) => e.includes('kueue.fairSharing.preemptionStrategies') && e.includes('missing')),
    ).toBe(true);
  });

  it('refuses an undeclared flavor, a cohort cycle and a covered resource without quota', () => {
    const text = BASE.replace(
      '- name: default\n              resources',
      '- name: h100\n              resources',
    )
      .replace(
        'resourceFlavors: [{ name: default }]',
        'resourceFlavors: [{ name: default }]\n  cohorts: [{ name: org, parentName: top }, { name: top, parentName: org }]',
      )
      .replace('                - { name: cpu, nominalQuota: 32 }\n', '');
    const out = errors(text);
    expect(out.some((e) => e.includes('flavors[0].name') && e.includes('h100'))).toBe(true);
    expect(out.some((e) => e.includes('kueue.cohorts[0].parentName') && e.includes('cycle'))).toBe(true);
    expect(out.some((e) => e.includes('flavors[0].resources') && e.includes('cpu'))).toBe(true);
  });

  it('bounds the lists (upstream MaxItems)', () => {
    const groups = Array.from({ length: 17 }, () => '        - { coveredResources: [], flavors: [] }').join(
      '\n',
    );
    const text = BASE.replace(/ {6}resourceGroups:[\s\S]*$/, `      resourceGroups:\n${groups}\n`);
    expect(errors(text).some((e) => e.includes('at most 16 resource groups'))).toBe(true);
  });

  it('is read only in profile kueue, and profile kueue needs it', () => {
    expect(errors(BASE.replace('profile: kueue', 'profile: volcano\nqueues: [{ name: team }]'))).toEqual(
      expect.arrayContaining([expect.stringContaining('read only with profile: kueue')]),
    );
    const noBlock = BASE.slice(0, BASE.indexOf('kueue:\n'));
    expect(errors(noBlock).some((e) => e.includes('needs its "kueue" block'))).toBe(true);
  });

  it('refuses queues and updateQueue events, whose cards come from the block', () => {
    const out = errors(
      `${BASE}queues: [{ name: other }]\nevents: [{ at: 1s, updateQueue: { name: team } }]\n`,
    );
    expect(
      out.some(
        (e) => e.startsWith('queues') || e.includes(' queues:') || e.includes('write none under queues'),
      ),
    ).toBe(true);
    expect(out.some((e) => e.includes('events[0].updateQueue'))).toBe(true);
  });

  it('refuses a job that names a cohort instead of a ClusterQueue', () => {
    const out = errors(BASE.replace('queue: team', 'queue: org'));
    expect(out.some((e) => e.startsWith('jobs[0].queue') && e.includes('is a cohort'))).toBe(true);
  });

  it('round-trips through serialiseScenario', () => {
    const r = parseScenario(BASE);
    if (!r.ok) throw new Error('parse');
    const again = parseScenario(serialiseScenario(r.scenario));
    if (!again.ok) throw new Error(again.errors.map(formatIssue).join('\n'));
    expect(again.scenario.profileBlock?.written).toEqual(r.scenario.profileBlock?.written);
  });
});
