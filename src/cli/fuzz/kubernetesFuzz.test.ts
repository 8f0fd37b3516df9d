/**
 * The Kubernetes-import fuzz in CI (issue 18): a fixed-seed batch of generated Kubernetes documents (Pods,
 * KAI and Volcano PodGroups and Queues, Volcano Jobs with GPUs under `limits` or `requests`, annotations,
 * many labels, odd `replicas`, anchors and aliases) through the importer in a bounded child process. None may
 * crash, hang (testLimits.ts), fail without naming its document, or lose a GPU a pod asked for.
 */
import { describe, expect, it } from 'vitest';
import { runKubernetesFuzz } from './runKubernetesFuzz';
import { TEST_LIMITS } from './testLimits';

const RUNS = 30;
const SEED = 20_261_123;

describe(`generated Kubernetes documents (${RUNS}, seed ${SEED})`, () => {
  it('import without crashing or hanging, name the document of every error, and keep every GPU', async () => {
    const stats = await runKubernetesFuzz(RUNS, SEED, { hangMs: TEST_LIMITS.hangMs, abandonMs: 10_000 });
    const problems = stats.problems.map((p) => `${p.outcome}: ${p.detail ?? ''}\n${p.head}`);
    expect(stats.documents).toBe(RUNS);
    expect(stats.counts.accepted + stats.counts.rejected, problems.join('\n\n')).toBe(RUNS);
    // Both sides of the importer are exercised: documents that import and run, and documents refused.
    expect(stats.counts.accepted).toBeGreaterThan(RUNS / 10);
    expect(stats.counts.rejected).toBeGreaterThan(0);
  }, 300_000);
});
