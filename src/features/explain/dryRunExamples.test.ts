import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { dryRun, parseScenario } from '../../engine';
import type { Scenario } from '../../engine/model/scenario';
import { UI_MODULES, uiModuleOf } from '../profiles/uiRegistry';
import { firstLeafQueue, lineOfError, scenarioJobExample } from './dryRunExamples';

const GALLERY = join(__dirname, '../../scenarios');

/** The first gallery scenario (by file name) of each profile. */
function galleryScenarioOf(profile: string): Scenario {
  for (const file of readdirSync(GALLERY).sort()) {
    if (!file.endsWith('.yaml')) continue;
    const parsed = parseScenario(readFileSync(join(GALLERY, file), 'utf8'));
    if (parsed.ok && parsed.scenario.profile === profile) return parsed.scenario;
  }
  throw new Error(`no gallery scenario of profile ${profile}`);
}

describe('dry-run examples', () => {
  it('puts the job in the first leaf queue by name, never in a parent', () => {
    const queues = [
      { name: 'root', parent: null },
      { name: 'team-b', parent: 'root' },
      { name: 'team-a', parent: 'root' },
    ];
    expect(firstLeafQueue(queues)).toBe('team-a');
    expect(firstLeafQueue([])).toBe('default');
  });

  it('writes a scenario job, and each profile its own Kubernetes objects with the queue', () => {
    expect(parse(scenarioJobExample('team-a'))).toMatchObject({
      name: 'my-new-job',
      queue: 'team-a',
      tasks: 2,
    });
    const docs = (profile: string) =>
      parseAllDocuments(uiModuleOf(profile).kubernetesExample.text('team-a')).map(
        (d) => d.toJS() as Record<string, unknown>,
      );
    const kai = docs('kai');
    expect(kai.map((d) => d.kind)).toEqual(['PodGroup', 'Pod', 'Pod']);
    expect(kai[0]).toMatchObject({
      apiVersion: 'scheduling.run.ai/v2alpha2',
      spec: { queue: 'team-a', minMember: 2 },
    });
    expect(kai[1]).toMatchObject({ metadata: { labels: { 'kai.scheduler/queue': 'team-a' } } });
    expect(docs('volcano')[0]).toMatchObject({ apiVersion: 'scheduling.volcano.sh/v1beta1' });
    // Kueue has no PodGroup: a batch Job with its LocalQueue label (kueue constants.go:23).
    expect(docs('kueue')).toEqual([
      expect.objectContaining({
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: expect.objectContaining({ labels: { 'kueue.x-k8s.io/queue-name': 'team-a' } }),
      }),
    ]);
  });

  // Each profile's example is read by its own importer and runs against a scenario of that profile: the
  // dry run gives a decision (it starts at a session, or the engine's reason it does not).
  it.each(UI_MODULES.map((m) => m.name))(
    'the %s examples (Kubernetes and scenario job) run through the dry run of a gallery scenario of it',
    (profile) => {
      const cluster = galleryScenarioOf(profile);
      const queue = firstLeafQueue(cluster.queues);
      // Kueue's dry run once failed on every text: the one-job document lacked the cluster's kueue: block.
      for (const text of [uiModuleOf(profile).kubernetesExample.text(queue), scenarioJobExample(queue)]) {
        const outcome = dryRun(cluster, text);
        if (!outcome.ok) throw new Error(outcome.errors.join('\n'));
        expect(outcome.result.job).toBe('my-new-job');
        expect(outcome.result.starts ? outcome.result.session : outcome.result.reason).not.toBeNull();
      }
    },
  );

  it('quotes a queue name that is not a plain Kubernetes name, so it stays text', () => {
    expect(parse(scenarioJobExample('a: b #c'))).toMatchObject({ queue: 'a: b #c' });
    for (const m of UI_MODULES) expect(m.kubernetesExample.text('a: b #c')).toContain('"a: b #c"');
  });

  it('finds the line an error names', () => {
    expect(lineOfError('jobs[0].queue: queue "x" does not exist (line 3)')).toBe(3);
    expect(lineOfError('Pod/default/p: spec.affinity is not modelled')).toBeNull();
  });
});
