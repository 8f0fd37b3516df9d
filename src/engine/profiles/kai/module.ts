/**
 * The KAI-Scheduler profile as the engine sees it (decision 0279): its catalogue, its session runner (the
 * loop the simulator ran inline before issue 23), its snapshot fields, its `min-runtime` query, its format
 * fields, its queue words and its Kubernetes objects. The registry lists it; nothing else imports it.
 */
import type { ProfileModule } from '../../framework/ProfileModule';
import { kaiKubernetes } from './kubernetes/kaiKubernetes';
import { KAI_CATALOGUE } from './catalogue';
import { KAI_ACTIONS, KAI_PLUGINS } from './module/kaiFactories';
import { kaiFormat } from './module/kaiFormat';
import { MIN_RUNTIME_QUERY } from './module/kaiQueries';
import { createKaiRunner } from './module/kaiRunner';
import { kaiSnapshot } from './module/kaiSnapshot';
import { kaiUsageLedger } from './module/kaiUsage';
import { KAI_QUEUE_WORDS } from './queueWords';
import { kaiArbitraries } from './testing/arbitraries';
import { kaiExplain } from './explain/kaiExplain';
import { KAI_UPSTREAM } from './upstream';
import { mapScenarioToKai } from './compareMapping';

export const kai: ProfileModule<'kai'> = {
  name: 'kai',
  title: 'KAI-Scheduler',
  catalogue: KAI_CATALOGUE,
  implemented: () => ({ actions: Object.keys(KAI_ACTIONS), plugins: Object.keys(KAI_PLUGINS) }),
  usageLedger: kaiUsageLedger,
  createRunner: createKaiRunner,
  snapshot: kaiSnapshot,
  queries: [MIN_RUNTIME_QUERY],
  format: kaiFormat,
  queueWords: KAI_QUEUE_WORDS,
  kubernetes: kaiKubernetes,
  arbitraries: kaiArbitraries,
  explain: kaiExplain,
  upstream: KAI_UPSTREAM,
  mapScenario: mapScenarioToKai,
};
