/**
 * One Kubernetes-import fuzz case (issue 18): import the text, and then
 * - every error names where it is (`document N` or `Kind/name`, then what is wrong);
 * - every GPU a generated pod asked for (under `requests`, or under `limits` only, which Kubernetes takes
 *   as the request) is on its imported task;
 * - the imported scenario text is accepted by the parser (or rejected with located errors) and its first
 *   sessions run.
 * The caller passes the clock so this stays pure, and runs it in a bounded child process (crashes, hangs).
 */
import { createSimulation, parseScenario } from '../../index';
import { importKubernetesYaml } from '../../scenario/importers/importKubernetesYaml';
import { UnsupportedError } from '../../registry';
import { FUZZ_SESSIONS, type MutationResult } from '../mutation/checkMutatedText';

/** An import error starts with the document it is about. */
const LOCATED_IMPORT_ERROR = /^(document \d+|[A-Za-z]+\/[^\s:]+)\b/;

export function checkKubernetesText(
  text: string,
  gpuOf: Record<string, number>,
  now: () => number,
): MutationResult {
  const start = now();
  const done = (outcome: MutationResult['outcome'], detail: string | null = null): MutationResult => ({
    outcome,
    ms: now() - start,
    detail: detail === null ? null : detail.slice(0, 300),
  });
  try {
    const imported = importKubernetesYaml(text);
    if (!imported.ok) {
      const unlocated = imported.errors.filter((e) => !LOCATED_IMPORT_ERROR.test(e));
      if (imported.errors.length === 0) return done('unlocated', 'import failed with no error');
      return unlocated.length > 0 ? done('unlocated', unlocated.join('; ')) : done('rejected');
    }
    const tasks = new Map<string, unknown>();
    for (const job of (imported.scenario['jobs'] as { tasks?: unknown }[] | undefined) ?? [])
      if (Array.isArray(job.tasks))
        for (const t of job.tasks as { name?: unknown; resources?: { gpu?: unknown } }[])
          tasks.set(String(t.name), t.resources?.gpu ?? 0);
    for (const [task, gpu] of Object.entries(gpuOf)) {
      const got = tasks.get(task);
      if (got !== undefined && got !== gpu)
        return done('violation', `${task} asked for ${gpu} GPU(s) and imports with ${JSON.stringify(got)}`);
    }
    const parsed = parseScenario(imported.text);
    if (!parsed.ok) {
      const unlocated = parsed.errors.filter((e) => e.path === '' && e.line === null);
      return unlocated.length > 0
        ? done('unlocated', unlocated.map((e) => e.message).join('; '))
        : done('rejected');
    }
    const sim = createSimulation(parsed.scenario);
    for (let i = 0; i < FUZZ_SESSIONS && sim.step(); i++) sim.snapshot(sim.sessionCount());
    return done('accepted');
  } catch (error) {
    if (error instanceof UnsupportedError) return done('rejected');
    return done('crash', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}
