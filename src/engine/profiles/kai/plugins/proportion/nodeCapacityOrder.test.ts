/**
 * The per-node capacity check comes before the node selector: KAI's predicates plugin asks
 * IsTaskAllocationOnNodeOverCapacityFn first (plugins/predicates/predicates.go:322-326 @d5bc503) and the k8s
 * filters, the node selector among them, later (:351-370). A node refused by both reads as over capacity.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario, runScenario } from '../../../../index';

// GM-5's cluster (allocateGpuMemory_test.go @d5bc503), with a selector only node-large matches.
const SCENARIO = (plugins: string) => `version: 1
name: capacity before selector
profile: kai
scheduler:
  actions: [allocate]
${plugins}nodes:
  - {name: node-small, resources: {gpu: 1, gpuMemory: 400}, labels: {pool: small}}
  - {name: node-medium, resources: {gpu: 1, gpuMemory: 600}, labels: {pool: small}}
  - {name: node-large, resources: {gpu: 2, gpuMemory: 2000}, labels: {pool: large}}
queues:
  - name: default
    resources: {gpu: {quota: -1, limit: -1, overQuotaWeight: 1}}
  - name: queue0
    parent: default
    resources: {gpu: {quota: 0.5, limit: -1, overQuotaWeight: 0}}
  - name: queue1
    parent: default
    resources: {gpu: {quota: 2, limit: -1, overQuotaWeight: 0}}
jobs:
  - name: running-job
    queue: queue1
    priorityClassName: train
    submitAt: -2m
    startedAt: -60s
    resources: {gpu: 1}
    tasks: [{status: Running, node: node-large}, {status: Running, node: node-large}]
  - name: pending-job
    queue: queue0
    priorityClassName: build
    preemptibility: non-preemptible
    submitAt: -1m
    resources: {gpuMemory: 350}
    tasks: [{status: Pending, nodeSelector: {pool: large}}]
run: {sessions: 1}
`;

function trace(plugins = ''): { text: string; status: string | undefined } {
  const parsed = parseScenario(SCENARIO(plugins));
  if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
  const session = runScenario(parsed.scenario).snapshot(1);
  return {
    text: JSON.stringify(session.trace),
    status: session.tasks.find((t) => t.name === 'pending-job-0')?.status,
  };
}

describe('per-node capacity check order (mixed device memories)', () => {
  it('reports the capacity refusal, not the selector, for a node that fails both', () => {
    const { text, status } = trace();
    expect(status).toBe('Pending');
    expect(text).toContain('node does not have enough capacity');
    expect(text).toContain('on node node-medium');
    expect(text).not.toContain('node selector pool=large does not match');
  });

  it('is asked through the predicates plugin only: without it no node is refused for capacity', () => {
    // Without `predicates` KAI never asks the per-node capacity (predicates.go:143,322 @d5bc503).
    const { text } = trace(
      `  tiers:\n    - plugins: [{name: proportion}, {name: priority}, {name: elastic}, {name: nodeplacement}, {name: minruntime}]\n`,
    );
    expect(text).not.toContain('node does not have enough capacity');
  });
});
