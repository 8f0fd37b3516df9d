/**
 * A variant is valid only when the scenario it makes is (docs/scenario-format.md §15, decision 0120). Its
 * own fields are read with the base's field tables, but a change that lands in the base's configuration
 * was not checked there: plugin arguments were copied as written, so `kValue: 1e308` ran in a variant while
 * the base refused it (issue 18). Here the parts of the base a variant changes (the scheduler, the
 * `updateConfig` events' tiers, the queues and jobs it names) are taken from the patched scenario, written
 * back as data (serialiseScenario) and read again by the base's own normalisers, so every check the base
 * gets (arguments, durations, bounds, whatever is added later) applies to the variant too. An issue is
 * reported at the field of the variant that caused it; one the unpatched base part gives as well is the
 * base's own and is not repeated.
 */
import type { JobSpec, PluginConfig, Scenario, Tier } from '../model/scenario';
import type { VariantSpec } from '../model/variant';
import { applyVariant } from './applyVariant';
import { formatFieldPath, type FieldPath } from './fieldPath';
import type { IssueCode } from './issues';
import { IssueSink, NO_LOCATION } from './IssueSink';
import { Origins, type NormaliseContext } from './NormaliseContext';
import { normaliseJob } from './normaliseJob';
import { normaliseQueue } from './normaliseQueue';
import { normaliseScheduler, normaliseSchedulerPatch } from './normaliseScheduler';
import { jobData, queueData, schedulerData, schedulerPatchData } from './serialiseScenario';
import { SizeBudget } from './SizeBudget';

interface Collected {
  code: IssueCode;
  path: FieldPath;
  message: string;
  hint: string | undefined;
}

/** Keeps every report with its path as segments, so that it can be moved to the variant's field. */
class CollectingSink extends IssueSink {
  readonly collected: Collected[] = [];

  constructor() {
    super(NO_LOCATION);
  }

  override report(code: IssueCode, path: FieldPath, message: string, hint?: string): void {
    this.collected.push({ code, path: [...path], message, hint });
  }
}

const keyOf = (i: Collected) => `${i.code}|${formatFieldPath(i.path)}|${i.message}`;

/** Reports, at `variants[i]…`, every issue the scenario the variant makes has and its base has not. */
export function checkVariantScenario(
  base: Scenario,
  variant: VariantSpec,
  path: FieldPath,
  ctx: NormaliseContext,
): void {
  const patched = applyVariant(base, variant);
  const before = readParts(base, variant, ctx);
  const after = readParts(patched, variant, ctx);
  const baseIssues = new Set(before.map(keyOf));
  const reported = new Set<string>();
  for (const issue of after) {
    if (baseIssues.has(keyOf(issue))) continue;
    // A field the profile does not read is refused where the variant writes it (normaliseQueuePatch,
    // readJob: refuseUnreadFields.ts), even at a default value the re-read here would not see; the
    // re-read would only say it twice.
    if (issue.code === 'field-not-in-profile') continue;
    const at = [...path, ...variantPath(issue.path, patched, variant)];
    const key = `${issue.code}|${formatFieldPath(at)}|${issue.message}`;
    // A plugin configured in several tiers or events gives the same issue once per place.
    if (reported.has(key)) continue;
    reported.add(key);
    ctx.sink.report(issue.code, at, issue.message, issue.hint);
  }
}

/**
 * The issues of the parts of `s` that `variant` can change, read by the base's normalisers under paths of
 * their own: `scheduler…`, `updateConfig[k]…` (the k-th event of `s`), `queues[j]…` and `jobs[j]…` (the
 * j-th entry of the variant's `queues` and `jobs`).
 */
function readParts(s: Scenario, variant: VariantSpec, ctx: NormaliseContext): Collected[] {
  const sink = new CollectingSink();
  const sub: NormaliseContext = {
    sink,
    profile: ctx.profile,
    classes: ctx.classes,
    origins: new Origins(),
    budget: new SizeBudget(sink),
  };
  normaliseScheduler(schedulerData(s.scheduler), sub);
  if (variant.plugins.length > 0) {
    s.events.forEach((e, k) => {
      if (e.kind === 'updateConfig' && e.patch.tiers !== undefined)
        normaliseSchedulerPatch(schedulerPatchData({ tiers: e.patch.tiers }), ['updateConfig', k], sub);
    });
  }
  const queues = new Map(s.queues.map((q) => [q.name, q]));
  variant.queues.forEach((p, j) => {
    const q = queues.get(p.name);
    if (q !== undefined) normaliseQueue(queueData(q, s.profile), ['queues', j], sub);
  });
  if (variant.jobs.length > 0) {
    const jobs = new Map<string, { job: JobSpec; submitted: boolean }>();
    for (const job of s.jobs) jobs.set(job.name, { job, submitted: false });
    for (const e of s.events) if (e.kind === 'submit') jobs.set(e.job.name, { job: e.job, submitted: true });
    variant.jobs.forEach((p, j) => {
      const found = jobs.get(p.name);
      if (found === undefined) return;
      const data = jobData(found.job, s.profile, ctx.classes);
      normaliseJob(data, ['jobs', j], sub, { submitted: found.submitted });
    });
  }
  return sink.collected;
}

/** Where in the variant (below `variants[i]`) the change that an issue of the patched part is about is. */
function variantPath(path: FieldPath, patched: Scenario, variant: VariantSpec): FieldPath {
  const [root, second] = path;
  if (root === 'queues' || root === 'jobs') return path;
  if (root === 'scheduler' && (second === 'actions' || second === 'schedulePeriod')) return [second];
  const tiers: Tier[] | undefined =
    root === 'scheduler'
      ? patched.scheduler.tiers
      : root === 'updateConfig' && typeof second === 'number'
        ? eventTiers(patched, second)
        : undefined;
  // [scheduler, tiers, t, plugins, p, arguments, ...] or [updateConfig, k, tiers, t, plugins, p, arguments, ...]
  const at = root === 'scheduler' ? 1 : 2;
  const t = path[at + 1];
  const p = path[at + 3];
  if (tiers !== undefined && path[at] === 'tiers' && typeof t === 'number' && typeof p === 'number') {
    const plugin: PluginConfig | undefined = tiers[t]?.plugins[p];
    if (plugin !== undefined && variant.plugins.some((v) => v.plugin === plugin.name)) {
      const rest = path[at + 4] === 'arguments' ? path.slice(at + 5) : [];
      return ['plugins', plugin.name, ...rest];
    }
  }
  return [];
}

function eventTiers(s: Scenario, k: number): Tier[] | undefined {
  const e = s.events[k];
  return e?.kind === 'updateConfig' ? e.patch.tiers : undefined;
}
