/**
 * The Kueue profile as the engine sees it (decisions 0279, 0281, 0283): a session runner over its own
 * `kueue:` block (admission cycles and classical preemption, session.ts), no actions or plugins, each
 * card's resolved quota figures (queueFigures.ts; the cards are the block's Cohorts and ClusterQueues), its
 * queue words and its Kubernetes names. The registry lists it; nothing else imports it.
 */
import type {
  ProfileModule,
  RunnerSessionInput,
  RunnerSessionOutcome,
  SessionRunner,
} from '../../framework/ProfileModule';
import type { SessionTrace } from '../../model/trace';
import { runProfileSession } from '../../simulation/runProfileSession';
import { KUEUE_CATALOGUE } from './catalogue';
import { kueueFormat } from './format';
import { kueueKubernetes } from './kueueKubernetes';
import { kueueProfile } from './profile';
import { kueueQueueFigures } from './queueFigures';
import { KUEUE_QUEUE_WORDS } from './queueWords';
import { isKueueSpec } from './spec';
import { kueueArbitraries } from './testing/arbitraries';
import { kueueExplain } from './explain';
import { KUEUE_UPSTREAM } from './upstream';
import { mapScenarioToKueue } from './compareMapping';

function createRunner(): SessionRunner {
  return {
    runSession(input: RunnerSessionInput): RunnerSessionOutcome {
      const r = runProfileSession(kueueProfile, input.state, input.index, input.timeMs);
      return {
        decisions: r.decisions,
        trace: r.trace,
        queues: r.queues,
        changedTasks: r.changedTasks,
        changedJobs: r.changedJobs,
      };
    },
    // Kueue has no minimum runtime or preemption protection at ff69552e (decision 0283).
    protectionChanges: () => 0,
    keepForMetrics: (): SessionTrace => ({ attempts: [], pending: [] }),
  };
}

export const kueue: ProfileModule<'kueue'> = {
  name: 'kueue',
  title: 'Kueue',
  catalogue: KUEUE_CATALOGUE,
  implemented: () => ({ actions: [], plugins: [] }),
  usageLedger: () => null,
  createRunner,
  snapshot: {
    // Each card's cohort, nominal quota, limits, borrowed and lendable (queueFigures.ts, decision 0298).
    open: (frame) => {
      const data = frame.scenario.profileBlock?.data;
      const resolved = isKueueSpec(data) ? kueueQueueFigures(data) : null;
      return {
        job: () => null,
        queue: () => null,
        ...(resolved === null ? {} : { resolved }),
      };
    },
    // The Workload's state the session carried over (Pending, QuotaReserved, Admitted…; session.ts).
    phase: (job) => job.phase ?? job.spec.phase,
  },
  queries: [],
  format: kueueFormat,
  queueWords: KUEUE_QUEUE_WORDS,
  kubernetes: kueueKubernetes,
  arbitraries: kueueArbitraries,
  explain: kueueExplain,
  upstream: KUEUE_UPSTREAM,
  mapScenario: mapScenarioToKueue,
};
