/**
 * KAI's `minruntime` plugin in a session (`pkg/scheduler/plugins/minruntime/minruntime.go`): victim
 * filters for reclaim and preempt, and scenario validators that keep a protected elastic job at its
 * minAvailable. A job is protected while `now < lastStart + resolved duration`. Elastic victims always pass
 * the filter; their surplus tasks are never protected, their core tasks are, through the validator.
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import { podSetsOf } from '../../framework/subGroupTree';
import type { Plugin } from '../../framework/Plugin';
import type { Session } from '../../framework/Session';
import type { VictimScenario } from '../../framework/extensions';
import { formatDuration } from '../../../../model/duration';
import type { PluginConfig } from '../../../../model/scenario';
import type { MinRuntimeResolution, Verdict } from '../../../../model/trace';
import type { MinRuntimeDetail } from '../../trace';
import { parseMinRuntimeArgs } from './args';
import { queueNodes } from '../../queries/protectionModel';
import { MinRuntimeResolver, isProtected, protectedUntil } from './resolver';
import { plural } from '../../../../../common/plural';

const NAME = 'minruntime';

/** Upstream's plugin doc says reclaim protection applies to elastic jobs; the code protects every job. */
const RECLAIM_DOC_NOTE =
  'The plugin documentation says reclaim protection applies to elastic jobs; the code protects every job, which is what happens here.';

export function createMinRuntimePlugin(config: PluginConfig): Plugin {
  const args = parseMinRuntimeArgs(config.arguments);
  return {
    name: NAME,
    onSessionOpen(ssn: Session) {
      const resolver = new MinRuntimeResolver(queueNodes([...ssn.queues.values()].map((q) => q.spec)), args);
      const resolve = (
        kind: 'preempt' | 'reclaim',
        preemptor: JobInfo,
        victim: JobInfo,
      ): MinRuntimeResolution =>
        kind === 'preempt'
          ? resolver.preempt(victim.queue.name)
          : resolver.reclaim(preemptor.queue.name, victim.queue.name);

      const detail = (kind: 'preempt' | 'reclaim', preemptor: JobInfo, victim: JobInfo): MinRuntimeDetail => {
        const resolution = resolve(kind, preemptor, victim);
        return {
          profile: 'kai',
          type: 'minruntime',
          resolution,
          startedAtMs: victim.startedAtMs,
          protectedUntilMs: protectedUntil(victim.startedAtMs, resolution.durationMs),
          isProtected: isProtected(victim.startedAtMs, resolution.durationMs, ssn.timeMs),
          isElastic: victim.isElastic,
        };
      };

      const filter =
        (kind: 'preempt' | 'reclaim') =>
        (preemptor: JobInfo, victim: JobInfo): Verdict => {
          const d = detail(kind, preemptor, victim);
          const point = kind === 'preempt' ? 'preemptVictimFilter' : 'reclaimVictimFilter';
          if (victim.isElastic) {
            return {
              plugin: NAME,
              point,
              allowed: true,
              message: d.isProtected
                ? `${victim.name} is elastic: its tasks above minAvailable (${victim.minAvailable}) may go; its core stays protected until t=${formatDuration(d.protectedUntilMs ?? 0)} (${describe(d.resolution)}).`
                : `${victim.name} is elastic and its min-runtime (${describe(d.resolution)}) has passed.`,
              profileDetail: d,
            };
          }
          return {
            plugin: NAME,
            point,
            allowed: !d.isProtected,
            message: d.isProtected
              ? `${victim.name} is protected from ${kind} until t=${formatDuration(d.protectedUntilMs ?? 0)}: it started at t=${formatDuration(victim.startedAtMs ?? 0)} and its ${kind} min-runtime is ${describe(d.resolution)}.${kind === 'reclaim' ? ` ${RECLAIM_DOC_NOTE}` : ''}`
              : victim.startedAtMs === null
                ? `${victim.name} has no start time, so min-runtime does not protect it.`
                : `${victim.name} has run ${formatDuration(ssn.timeMs - victim.startedAtMs)}, at least its ${kind} min-runtime (${describe(d.resolution)}).`,
            profileDetail: d,
          };
        };

      const validator =
        (kind: 'preempt' | 'reclaim') =>
        (scenario: VictimScenario): Verdict[] => {
          const victimsByJob = new Map<JobInfo, number>();
          for (const t of scenario.victimTasks) victimsByJob.set(t.job, (victimsByJob.get(t.job) ?? 0) + 1);
          const out: Verdict[] = [];
          for (const [job, count] of victimsByJob) {
            if (!job.isElastic) continue;
            const d = detail(kind, scenario.preemptor, job);
            if (!d.isProtected) continue;
            const left = job.activeUsed - count;
            const short = shortAfterVictims(job, scenario.victimTasks);
            const allowed = short === null ? job.minAvailable <= left : short.length === 0;
            const verdict: Verdict = {
              plugin: NAME,
              point: kind === 'preempt' ? 'preemptScenarioValidator' : 'reclaimScenarioValidator',
              allowed,
              message: allowed
                ? `${job.name} is protected until t=${formatDuration(d.protectedUntilMs ?? 0)} but keeps ${left} of its minAvailable ${job.minAvailable} tasks: only surplus tasks are taken.`
                : short !== null
                  ? `${job.name} is protected until t=${formatDuration(d.protectedUntilMs ?? 0)} (${describe(d.resolution)}) and would drop below the minimum of subgroup ${short.join(', ')}.`
                  : `${job.name} is protected until t=${formatDuration(d.protectedUntilMs ?? 0)} (${describe(d.resolution)}) and would keep only ${plural(left, 'task')}, below its minAvailable ${job.minAvailable}.`,
              profileDetail: d,
            };
            // Upstream counts every accumulated victim task, and victims only accumulate within a search:
            // once a protected elastic job would drop below minAvailable, every later scenario would too.
            if (!allowed) verdict.final = true;
            out.push(verdict);
          }
          return out;
        };

      // The hot path: protection from the cached resolution, no verdict object.
      const allows =
        (kind: 'preempt' | 'reclaim') =>
        (preemptor: JobInfo, victim: JobInfo): boolean =>
          victim.isElastic ||
          !isProtected(victim.startedAtMs, resolve(kind, preemptor, victim).durationMs, ssn.timeMs);
      ssn.register('preemptVictimFilter', { allows: allows('preempt'), explain: filter('preempt') });
      ssn.register('reclaimVictimFilter', { allows: allows('reclaim'), explain: filter('reclaim') });
      ssn.register('preemptScenarioValidator', validator('preempt'));
      ssn.register('reclaimScenarioValidator', validator('reclaim'));
    },
  };
}

/** "60s, from queue d (LCA b, one step down toward the victim)". */
export function describe(r: MinRuntimeResolution): string {
  const from = r.source === 'default' ? 'the plugin default' : `queue ${r.source}`;
  let text = `${formatDuration(r.durationMs)}, from ${from}`;
  if (r.kind === 'reclaim' && r.method === 'lca' && r.lca !== null) {
    text += ` (LCA ${r.lca}, step down to ${r.stepDown ?? r.victimQueue}${r.path.length > 1 ? `, walked ${r.path.join(' → ')}` : ''})`;
  } else if (r.kind === 'reclaim' && r.method === 'lca') {
    text += ` (different top-level queues: only ${r.stepDown ?? r.victimQueue} is consulted)`;
  } else if (r.path.length > 1) {
    text += ` (walked ${r.path.join(' → ')})`;
  }
  return text;
}

/**
 * KAI minruntime.go:175 `validVictimForMinAvailable` @d5bc503 for a job with subgroups: each pod set that
 * loses victims must keep minMember of its active-used tasks. The pod sets that would not; null without
 * subgroups.
 */
function shortAfterVictims(job: JobInfo, victims: readonly TaskInfo[]): string[] | null {
  const tree = job.subGroupTree;
  if (tree === null) return null;
  const taken = new Set(victims);
  const out: string[] = [];
  for (const ps of podSetsOf(tree)) {
    const lost = ps.tasks.filter((t) => taken.has(t)).length;
    if (lost === 0) continue;
    const used = ps.tasks.filter((t) => t.status !== 'Pending' && t.status !== 'Succeeded').length;
    if (ps.minMember > used - lost) out.push(`${ps.name} (${used - lost} of minMember ${ps.minMember})`);
  }
  return out;
}
