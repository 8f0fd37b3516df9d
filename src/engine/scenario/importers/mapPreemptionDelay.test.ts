/**
 * KAI's preemption delay through Kubernetes YAML (§12/§13) and a KAI snapshot (§17): PodGroup
 * `spec.preemptionDelay`, the pod annotation `kai.scheduler/preemption-delay` and the PodGroup annotation
 * `kai.scheduler/last-eviction-timestamp` (§23).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importClusterBytes, parseScenario } from '../../index';
import { scenarioOf } from '../../testing/scenarioTest';
import { exportKubernetesYaml } from '../exporters/exportKubernetesYaml';
import { importKubernetesYaml } from './importKubernetesYaml';

const podGroup = (delay: string) => `apiVersion: scheduling.run.ai/v2alpha2
kind: PodGroup
metadata: {name: pg, namespace: default}
spec: {queue: q, minMember: 1, preemptionDelay: ${delay}}
---
apiVersion: v1
kind: Pod
metadata: {name: pg-0, labels: {kai.scheduler/queue: q}, annotations: {pod-group-name: pg}}
spec: {schedulerName: kai-scheduler, containers: [{name: main, image: x}]}
`;
const lonePod = (delay: string) => `apiVersion: v1
kind: Pod
metadata: {name: solo, labels: {kai.scheduler/queue: q}, annotations: {kai.scheduler/preemption-delay: "${delay}"}}
spec: {schedulerName: kai-scheduler, containers: [{name: main, image: x}]}
`;

function jobsOf(text: string) {
  const r = importKubernetesYaml(text);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return { jobs: r.scenario.jobs as Record<string, unknown>[], unmapped: r.unmapped };
}

describe('Kubernetes YAML import', () => {
  it("reads a PodGroup's spec.preemptionDelay", () => {
    expect(jobsOf(podGroup('5m')).jobs[0]?.preemptionDelay).toBe('5m');
  });
  it('reads the pod annotation of a pod that is a job of its own (the podgrouper copies it)', () => {
    expect(jobsOf(lonePod('90s')).jobs[0]?.preemptionDelay).toBe('90s');
  });
  it('leaves a unit-less or negative value unmapped, with the reason, as KAI ignores it', () => {
    const bare = jobsOf(lonePod('300'));
    expect(bare.jobs[0]?.preemptionDelay).toBeUndefined();
    expect(bare.unmapped.map((u) => u.field)).toContain(
      'metadata.annotations.kai.scheduler/preemption-delay',
    );
    const negative = jobsOf(podGroup('-1m'));
    expect(negative.jobs[0]?.preemptionDelay).toBeUndefined();
    expect(negative.unmapped.find((u) => u.field === 'spec.preemptionDelay')?.reason).toMatch(
      /non-negative Go duration/,
    );
  });
});

describe('export and import again', () => {
  it('keeps preemptionDelay (PodGroup spec) and lastEvictedAt (lab annotation)', () => {
    const s = scenarioOf({
      nodes: [],
      queues: [{ name: 'q' }],
      jobs: [{ name: 'j', queue: 'q', preemptionDelay: '2m', lastEvictedAt: '-30s' }],
    });
    const yaml = exportKubernetesYaml(s);
    expect(yaml).toMatch(/preemptionDelay: "2m0s"/);
    const back = importKubernetesYaml(yaml);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    const again = parseScenario(back.text);
    expect(again.ok && again.scenario.jobs[0]?.preemptionDelayMs).toBe(120_000);
    expect(again.ok && again.scenario.jobs[0]?.lastEvictedAtMs).toBe(-30_000);
  });
});

describe('KAI snapshot import', () => {
  it('maps spec.preemptionDelay and the last-eviction timestamp relative to now', () => {
    const file = join(__dirname, 'cluster', 'fixtures', 'lca-cousin-subtree.snapshot.json');
    const snap = JSON.parse(readFileSync(file, 'utf8')) as {
      rawObjects: {
        podGroups: {
          metadata: { name: string; annotations: Record<string, string> };
          spec: Record<string, unknown>;
        }[];
      };
    };
    const pg = snap.rawObjects.podGroups[0]!;
    pg.spec.preemptionDelay = '10m';
    // Stamped one minute before the latest timestamp the snapshot holds ("now", §17.2) is read below.
    pg.metadata.annotations['kai.scheduler/last-eviction-timestamp'] = '2026-03-02T09:10:30Z';
    const r = importClusterBytes(strToU8(JSON.stringify(snap)), { fileName: 's.json' });
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const parsed = parseScenario(r.text);
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    const job = parsed.scenario.jobs.find((j) => j.name === pg.metadata.name)!;
    expect(job.preemptionDelayMs).toBe(600_000);
    expect(job.lastEvictedAtMs).toBe(Date.parse('2026-03-02T09:10:30Z') - Date.parse(r.now!.iso));
    expect(JSON.stringify(r.unmapped)).not.toContain('last-eviction');
    expect(JSON.stringify(r.unmapped)).not.toContain('preemptionDelay');
  });
});
