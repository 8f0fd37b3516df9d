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
});
