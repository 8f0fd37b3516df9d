/**
 * The Kubernetes-import fuzz: `runs` generated multi-document Kubernetes YAML files (fixed seed), each
 * imported, checked and run in a bounded child process (MutationRunner): counts of accepted, rejected,
 * crashes, hangs, errors that name no document, and violations (a GPU asked for under `limits` or
 * `requests` lost on import), with the first few of each problem.
 */
import fc from 'fast-check';
import { kubernetesCase, rawKubeDocument } from '../../engine/testing/arbitraries/kubernetesDocuments';
import { emptyOutcomeCounts, MutationRunner, type FuzzOutcome } from './MutationRunner';

export interface KubernetesProblem {
  outcome: FuzzOutcome;
  detail: string | null;
  /** The document's first 400 characters. */
  head: string;
  length: number;
}

export interface KubernetesStats {
  documents: number;
  counts: Record<FuzzOutcome, number>;
  slowestMs: number;
  problems: KubernetesProblem[];
}

export const KUBERNETES_PROBLEMS: readonly FuzzOutcome[] = ['crash', 'hang', 'unlocated', 'violation'];

export async function runKubernetesFuzz(
  runs: number,
  seed: number,
  options: { hangMs?: number; abandonMs?: number; onCase?: (done: number) => void } = {},
): Promise<KubernetesStats> {
  const runner = new MutationRunner(options.hangMs, options.abandonMs, './kubernetesWorker.ts');
  const counts = emptyOutcomeCounts();
  const stats: KubernetesStats = { documents: 0, counts, slowestMs: 0, problems: [] };
  // Sampled in chunks, so that 10,000 documents (some with 40,000 labels) never sit in memory at once.
  const CHUNK = 200;
  try {
    for (let done = 0, chunk = 0; done < runs; chunk++) {
      const n = Math.min(CHUNK, runs - done);
      for (const raw of fc.sample(rawKubeDocument, { seed: seed + chunk * 7919, numRuns: n })) {
        const c = kubernetesCase(raw);
        const r = await runner.check(c.text, { gpuOf: c.gpuOf });
        stats.documents++;
        counts[r.outcome]++;
        stats.slowestMs = Math.max(stats.slowestMs, r.ms);
        if (
          KUBERNETES_PROBLEMS.includes(r.outcome) &&
          stats.problems.filter((p) => p.outcome === r.outcome).length < 5
        )
          stats.problems.push({
            outcome: r.outcome,
            detail: r.detail,
            head: c.text.slice(0, 400),
            length: c.text.length,
          });
        options.onCase?.(stats.documents);
      }
      done += n;
    }
  } finally {
    await runner.close();
  }
  return stats;
}
