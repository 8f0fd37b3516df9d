/**
 * The Volcano profile and its kube-batch dialect as the engine sees them (decision 0279): one module each,
 * listed in the registry. Both run their own sessions over plain records (`Profile.ts`) through the
 * simulation's adapter; their snapshot extras are the sla clock and the enqueue vote (jobExtras.ts).
 */
import type {
  ProfileModule,
  ProfileSnapshot,
  RunnerSessionInput,
  RunnerSessionOutcome,
  SessionRunner,
} from '../../framework/ProfileModule';
import type { SessionTrace } from '../../model/trace';
import { runProfileSession } from '../../simulation/runProfileSession';
import { catalogueOfDialect } from './catalogue';
import { volcanoFormat } from './format';
import type { Dialect } from './framework/Session';
import { volcanoJobExtras, volcanoQueueExtras } from './jobExtras';
import { volcanoKubernetes } from './kubernetes/volcanoKubernetes';
import {
  KUBE_BATCH_ACTIONS,
  KUBE_BATCH_PLUGINS,
  VOLCANO_ACTIONS,
  VOLCANO_PLUGINS,
  kubeBatchProfile,
  volcanoProfile,
} from './profile';
import { KUBE_BATCH_QUEUE_WORDS, VOLCANO_QUEUE_WORDS } from './queueWords';
import { kubeBatchArbitraries, volcanoArbitraries } from './testing/arbitraries';
import { volcanoSessionMarks } from './sessionMarks';
import { volcanoExplain } from './explain/volcanoExplain';
import { KUBE_BATCH_UPSTREAM, VOLCANO_UPSTREAM } from './upstream';
import { mapScenarioToVolcano } from './compareMapping';
import { mapScenarioToKubeBatch } from './kubeBatchCompareMapping';

function createRunner(dialect: Dialect): SessionRunner {
  const profile = dialect === 'volcano' ? volcanoProfile : kubeBatchProfile;
  return {
    runSession(input: RunnerSessionInput): RunnerSessionOutcome {
      const { state, index, timeMs } = input;
      // Who was still waiting when the session opened (for the SLA-expiry mark), before it places anyone.
      const waiting = state.jobList
        .filter((j) => !j.deleted)
        .map((j) => ({ spec: j.spec, statuses: j.tasks.map((t) => t.status) }));
      const r = runProfileSession(profile, state, index, timeMs);
      const marks = volcanoSessionMarks(state.config, waiting, input.previousTimeMs, timeMs, r.trace);
      return {
        decisions: r.decisions,
        trace: r.trace,
        queues: r.queues,
        changedTasks: r.changedTasks,
        changedJobs: r.changedJobs,
        marks,
      };
    },
    // Volcano and kube-batch have no time-based protection.
    protectionChanges: () => 0,
    keepForMetrics: (): SessionTrace => ({ attempts: [], pending: [] }),
  };
}

function snapshotOf(dialect: Dialect): ProfileSnapshot {
  return {
    open(frame) {
      return {
        // The config this session ran with (an updateConfig event may change the sla waiting time later).
        job: (job) => volcanoJobExtras(dialect, frame.config, job.spec, frame.timeMs, frame.trace),
        queue: (queue) => volcanoQueueExtras(dialect, queue),
      };
    },
    // The PodGroup phase the profile carried over (the spec's before any session).
    phase: (job) => job.phase ?? job.spec.phase,
  };
}

function moduleOf<N extends Dialect>(dialect: N, title: string): ProfileModule<N> {
  const actions = dialect === 'volcano' ? VOLCANO_ACTIONS : KUBE_BATCH_ACTIONS;
  const plugins = dialect === 'volcano' ? VOLCANO_PLUGINS : KUBE_BATCH_PLUGINS;
  return {
    name: dialect,
    title,
    catalogue: catalogueOfDialect(dialect),
    implemented: () => ({ actions: Object.keys(actions), plugins: Object.keys(plugins) }),
    usageLedger: () => null,
    createRunner: () => createRunner(dialect),
    snapshot: snapshotOf(dialect),
    queries: [],
    format: volcanoFormat(dialect),
    queueWords: dialect === 'volcano' ? VOLCANO_QUEUE_WORDS : KUBE_BATCH_QUEUE_WORDS,
    kubernetes: volcanoKubernetes(dialect),
    arbitraries: dialect === 'volcano' ? volcanoArbitraries : kubeBatchArbitraries,
    explain: volcanoExplain(dialect),
    upstream: dialect === 'volcano' ? VOLCANO_UPSTREAM : KUBE_BATCH_UPSTREAM,
    mapScenario: dialect === 'volcano' ? mapScenarioToVolcano : mapScenarioToKubeBatch,
  };
}

export const volcano: ProfileModule<'volcano'> = moduleOf('volcano', 'Volcano');
export const kubeBatch: ProfileModule<'kube-batch'> = moduleOf('kube-batch', 'kube-batch');
