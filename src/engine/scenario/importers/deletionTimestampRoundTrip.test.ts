/** A terminating pod's deletionTimestamp and the stuck-in-releasing threshold through Kubernetes YAML (§23.4). */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../index';
import { scenarioOf } from '../../testing/scenarioTest';
import { exportKubernetesYaml } from '../exporters/exportKubernetesYaml';
import { importKubernetesYaml } from './importKubernetesYaml';

describe('deletionTimestamp through Kubernetes YAML', () => {
  it('is written as lab annotations and read back', () => {
    const s = scenarioOf({
      scheduler: { stuckInReleasingThreshold: '5m' },
      nodes: [{ name: 'n0', resources: { gpu: 1 } }],
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'j',
          queue: 'q',
          submitAt: '-10m',
          tasks: [{ status: 'Running', node: 'n0', deletionTimestamp: '-3m' }],
        },
      ],
    });
    const yaml = exportKubernetesYaml(s);
    expect(yaml).toMatch(/preemption-lab\.dev\/deletionTimestamp: "?-3m0s"?/);
    expect(yaml).toMatch(/preemption-lab\.dev\/stuckInReleasingThreshold: "?5m0s"?/);
    const back = importKubernetesYaml(yaml);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    const again = parseScenario(back.text);
    expect(again.ok && again.scenario.jobs[0]?.tasks[0]?.deletionTimestampMs).toBe(-180_000);
    expect(again.ok && again.scenario.scheduler.stuckInReleasingThresholdMs).toBe(300_000);
  });

  it('carries the deletion grace period (decision 0305) as a lab annotation too', () => {
    const s = scenarioOf({
      nodes: [{ name: 'n0', resources: { gpu: 1 } }],
      queues: [{ name: 'q' }],
      jobs: [
        {
          name: 'j',
          queue: 'q',
          tasks: [{ status: 'Running', node: 'n0', deletionTimestamp: '20s', deletionGracePeriod: '30s' }],
        },
      ],
    });
    const yaml = exportKubernetesYaml(s);
    expect(yaml).toMatch(/preemption-lab\.dev\/deletionGracePeriod: "?30s"?/);
    const back = importKubernetesYaml(yaml);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    const again = parseScenario(back.text);
    expect(again.ok && again.scenario.jobs[0]?.tasks[0]?.deletionGracePeriodMs).toBe(30_000);
  });
});

describe('deletionGracePeriod is refused with its path', () => {
  const doc = (task: string, profile = 'kai') =>
    `version: 1\nname: t\nprofile: ${profile}\nnodes: [{name: n0, resources: {gpu: 1}}]\nqueues: [{name: q}]\njobs:\n  - {name: j, queue: q, tasks: [${task}]}\n`;
  const errors = (text: string) => {
    const p = parseScenario(text);
    return p.ok ? [] : p.errors.map((e) => `${e.path}: ${e.message}`);
  };
  it('without a deletionTimestamp, negative, or off KAI', () => {
    expect(errors(doc('{status: Running, node: n0, deletionGracePeriod: 30s}'))[0]).toMatch(
      /^jobs\[0\]\.tasks\[0\]\.deletionGracePeriod: deletionGracePeriod needs a deletionTimestamp/,
    );
    expect(
      errors(doc('{status: Running, node: n0, deletionTimestamp: 10s, deletionGracePeriod: -1s}'))[0],
    ).toMatch(/^jobs\[0\]\.tasks\[0\]\.deletionGracePeriod: deletionGracePeriod must be 0s or more/);
    expect(
      errors(
        doc('{status: Running, node: n0, deletionTimestamp: 10s, deletionGracePeriod: 30s}', 'volcano'),
      ).join('\n'),
    ).toMatch(/tasks\[0\]\.deletionGracePeriod: deletionGracePeriod belongs to KAI/);
  });
});
