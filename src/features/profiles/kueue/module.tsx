/**
 * Kueue as the views see it: its names and its queue words (nominal quota, borrowing limit, lending limit,
 * cohort; pure data from engine/profiles/kueue), and its cards' badges and inspector rows (queueFigures.ts). Kueue's sessions add no per-job snapshot extras or
 * session marks, so it has no jobs-table columns, timeline legend entries or trace detail renderers of its
 * own; the decision log tells its admissions and preemptions in words (engine/profiles/kueue/words.ts).
 */
import { KUEUE_CATALOGUE } from '../../../engine/profiles/kueue/catalogue';
import { KUEUE_QUEUE_WORDS } from '../../../engine/profiles/kueue/queueWords';
import { KUEUE_UPSTREAM } from '../../../engine/profiles/kueue/upstream';
import type { ProfileUiModule } from '../ProfileUiModule';
import { KUEUE_JOB_EXAMPLE } from './dryRunExample';
import { KUEUE_BADGE_LEGEND, kueueQueueBadges, kueueQueueDetailRows } from './queueFigures';

export const kueueUi: ProfileUiModule<'kueue'> = {
  name: 'kueue',
  title: 'Kueue',
  catalogue: KUEUE_CATALOGUE,
  queueWords: KUEUE_QUEUE_WORDS,
  upstream: KUEUE_UPSTREAM,
  jobColumns: () => [],
  ownSortKeys: [],
  timelineLegend: [],
  jobSection: null,
  detailRenderers: {},
  queueBadges: kueueQueueBadges,
  queueBadgeLegend: KUEUE_BADGE_LEGEND,
  queueDetailRows: kueueQueueDetailRows,
  queueTreeNote:
    'Each card is a Cohort or a ClusterQueue under its cohort: its band is the nominal quota (a cohort’s includes its subtree’s), its bar what is admitted; a badge says what it borrowed from its cohort or can lend it, and its borrowing limit; with fair sharing on, its share and weight (the weight means nothing with fair sharing off, so it is not shown then).',
  queueTable: null,
  // Kueue has no minimum runtime at ff69552e (decision 0283).
  minRuntime: null,
  kubernetesExample: KUEUE_JOB_EXAMPLE,
  newScenario: null,
};
