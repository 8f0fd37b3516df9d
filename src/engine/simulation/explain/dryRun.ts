/**
 * "Will this job fit before I submit it?" (docs §18): one job, written as a scenario job (§5, YAML or JSON)
 * or as a Kubernetes PodGroup with its Pods (read by the §12 import), is validated as the scenario parser
 * validates a submitted job, submitted at the cluster's t=0 and run to the scenario's horizon (bounded):
 * when it starts, whom it evicts, or the engine's last pending explanation for it.
 */
import { parseDocument } from 'yaml';
import { formatDuration } from '../../model/duration';
import type { Scenario } from '../../model/scenario';
import { formatIssue } from '../../scenario/issues';
import { MAX_NESTING } from '../../scenario/limits';
import { findRecursiveAlias } from '../../scenario/recursiveAliases';
import { importKubernetesYaml, looksLikeKubernetesYaml } from '../../scenario/importers/importKubernetesYaml';
import { normaliseScenarioDocument } from '../../scenario/normaliseScenarioDocument';
import { yamlReadFailure } from '../../scenario/parseScenario';
import { queueFields } from '../../scenario/serialiseScenario';
import { Simulator } from '../Simulator';
import { refusal, sessionWeight } from './rerun';
import type { DryRunEviction, DryRunOutcome } from './types';

/** Alias expansions allowed when reading the job, as for a scenario (§10). */
const MAX_ALIAS_COUNT = 100;

/** Largest job text read (characters). */
export const MAX_DRY_RUN_TEXT = 1024 * 1024;
/** Sessions a dry run may run at most, whatever the scenario's own run says. */
export const MAX_DRY_RUN_SESSIONS = 1_000;
/** And at most this much work, in sessions × (tasks + nodes) (rerun.ts sessionWeight): 12,000 tasks, 166 sessions. */
export const MAX_DRY_RUN_WORK = 2_000_000;

/** Where a submitted job's issues point in the one-job document, and the name they are shown under. */
const SUBMIT_PATH = 'events[0].submit';

/**
 * `options.session` (addition): submit the job at the time of that session of the cluster's run (1-based;
 * default 1, the cluster's t=0); session numbers in the result count from the cluster's first session.
 */
export function dryRun(
  cluster: Scenario,
  jobText: string,
  options: { session?: number } = {},
): DryRunOutcome {
  try {
    return run(cluster, jobText, options.session ?? 1);
  } catch (e) {
    const answer = refusal(e);
    if (answer === null) throw e;
    return { ok: false, errors: [`cluster: ${answer}`] };
  }
}

function run(cluster: Scenario, jobText: string, session: number): DryRunOutcome {
  const at = submitTime(cluster, session);
  if (typeof at === 'string') return { ok: false, errors: [at] };
  if (jobText.length > MAX_DRY_RUN_TEXT)
    return {
      ok: false,
      errors: [`job: the text is ${jobText.length} characters; at most ${MAX_DRY_RUN_TEXT}`],
    };
  const raw = readJob(jobText);
  if (!raw.ok) return raw;
  const parsed = normaliseScenarioDocument({
    version: 1,
    profile: cluster.profile,
    priorityClasses: cluster.priorityClasses.map((c) => ({ ...c })),
    nodes: [],
    // The cluster's queues as its scenario writes them: Kueue's in its `kueue:` block (the job is checked
    // against its ClusterQueues), the others' in `queues:`.
    ...queueFields(cluster),
    events: [{ at: formatDuration(at), submit: raw.job }],
  });
  if (!parsed.ok)
    return {
      ok: false,
      errors: parsed.errors.map((i) =>
        formatIssue({ ...i, path: renamePath(i.path) }).replace(SUBMIT_PATH, 'job'),
      ),
    };
  const event = parsed.scenario.events[0];
  if (event?.kind !== 'submit') return { ok: false, errors: ['job: not read'] };
  const job = event.job;
  const taken =
    cluster.jobs.some((j) => j.name === job.name) ||
    cluster.events.some((e) => e.kind === 'submit' && e.job.name === job.name);
  if (taken)
    return {
      ok: false,
      errors: [`job.name: a job named ${JSON.stringify(job.name)} is already in the cluster`],
    };
  const withJob: Scenario = { ...cluster, events: [...cluster.events, { atMs: at, kind: 'submit', job }] };
  const maxSessions = Math.max(
    1,
    Math.min(
      cluster.run.sessions ?? cluster.run.maxSessions,
      MAX_DRY_RUN_SESSIONS,
      Math.floor(MAX_DRY_RUN_WORK / sessionWeight(withJob)),
    ),
  );
  const scenario: Scenario = {
    ...withJob,
    run: { ...cluster.run, maxSessions, sessions: cluster.run.sessions === null ? null : maxSessions },
    expect: [],
  };
  let sim: Simulator;
  try {
    sim = new Simulator(scenario, { record: 'latest' });
  } catch (e) {
    if (e instanceof Error && e.name === 'UnsupportedError')
      return { ok: false, errors: [`cluster: ${e.message}`] };
    throw e;
  }
  const queueOf = new Map<string, string>();
  for (const j of cluster.jobs) queueOf.set(j.name, j.queue);
  for (const e of cluster.events) if (e.kind === 'submit') queueOf.set(e.job.name, e.job.queue);
  const evicts: DryRunEviction[] = [];
  let lastTime = 0;
  while (sim.step()) {
    const entry = sim.history.entries.at(-1);
    if (entry === undefined) continue;
    lastTime = entry.timeMs;
    for (const d of entry.decisions)
      if (d.kind === 'evict' && d.by === job.name)
        evicts.push({ task: d.task, job: d.job, queue: queueOf.get(d.job) ?? '', action: d.action });
    if (entry.decisions.some((d) => d.job === job.name && (d.kind === 'bind' || d.kind === 'pipeline')))
      return {
        ok: true,
        result: {
          job: job.name,
          starts: true,
          session: entry.index,
          time: entry.timeMs,
          evicts,
          reason: null,
          horizon: { sessions: sim.sessionCount(), time: entry.timeMs },
        },
      };
  }
  const sessions = sim.sessionCount();
  const last =
    sessions > 0 ? sim.snapshot(sessions).trace.pending.find((p) => p.job === job.name) : undefined;
  return {
    ok: true,
    result: {
      job: job.name,
      starts: false,
      session: null,
      time: null,
      evicts,
      reason:
        last !== undefined
          ? `${last.code}: ${last.message}`
          : `the run ended after ${sessions} session${sessions === 1 ? '' : 's'} before ${job.name} was placed`,
      horizon: { sessions, time: lastTime },
    },
  };
}

/** The time of session `session` of the cluster's own run, or why there is none. */
function submitTime(cluster: Scenario, session: number): number | string {
  if (!Number.isInteger(session) || session < 1 || session > MAX_DRY_RUN_SESSIONS)
    return `session must be a whole number from 1 to ${MAX_DRY_RUN_SESSIONS}, got ${String(session)}`;
  if (session === 1) return 0;
  const sim = new Simulator(cluster, { record: 'metrics' });
  while (sim.sessionCount() < session - 1 && sim.step()) {
    /* to the session before */
  }
  if (sim.sessionCount() < session - 1 || sim.isFinished())
    return `session ${session} is past the end of the cluster's run (${sim.sessionCount()} sessions)`;
  return sim.nextSessionTimeMs();
}

function renamePath(path: string): string {
  return path.startsWith(SUBMIT_PATH) ? `job${path.slice(SUBMIT_PATH.length)}` : path;
}

/** The job mapping: a scenario job (YAML or JSON), or the one job a PodGroup + Pods bundle maps to. */
function readJob(text: string): { ok: true; job: unknown } | { ok: false; errors: string[] } {
  if (looksLikeKubernetesYaml(text)) {
    const imported = importKubernetesYaml(text);
    if (!imported.ok) return { ok: false, errors: imported.errors };
    const jobs = imported.scenario['jobs'];
    const list = Array.isArray(jobs) ? jobs : [];
    if (list.length !== 1)
      return {
        ok: false,
        errors: [
          `job: the Kubernetes YAML maps to ${list.length} jobs; a dry run takes one PodGroup with its Pods`,
        ],
      };
    return { ok: true, job: list[0] };
  }
  let value: unknown;
  try {
    const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
    // The yaml package records its own stack overflow as a parse error (parseScenario.ts does the same).
    if (doc.errors.some((e) => /call stack/i.test(e.message))) throw new RangeError('nesting');
    if (doc.errors.length > 0)
      return {
        ok: false,
        errors: doc.errors.slice(0, 10).map((e) => `job: ${e.message.split('\n')[0] ?? 'invalid YAML'}`),
      };
    // As the scenario parser reads YAML (parseScenario.ts): no alias that contains itself, and aliases
    // expand at most 100 times ("billion laughs" must not hang the runner or the tab).
    const recursive = findRecursiveAlias(doc);
    if (recursive !== null) return { ok: false, errors: [`job: ${recursive.message}`] };
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    // The stated bound, checked on what was read: whether the reader's recursion overflows first depends on
    // the engine's stack and how far the JIT has optimised the reader (5,000 levels overflowed in a fresh
    // worker and not after other files had warmed it up), so the refusal must not rest on it.
    if (nestsDeeperThan(value, MAX_NESTING)) throw new RangeError('nesting');
  } catch (error) {
    // The yaml package recurses per nesting level and throws on too many aliases.
    const message = yamlReadFailure(error, 'the job');
    return { ok: false, errors: [`job: ${message}`] };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, errors: ['job: expected one job as a mapping ({name, queue, ...})'] };
  return { ok: true, job: value };
}

/** Whether lists and mappings in `value` nest deeper than `limit` levels (iterative: no recursion to overflow). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, depth] = item;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
