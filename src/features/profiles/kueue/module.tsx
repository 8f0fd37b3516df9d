/**
 * Kueue as the views see it: its names and its queue words (nominal quota, borrowing limit, lending limit,
 * cohort; pure data from engine/profiles/kueue). Kueue's sessions add no per-job snapshot extras or
 * session marks, so it has no jobs-table columns, timeline legend entries or trace detail renderers of its
 * own; the decision log tells its admissions and preemptions in words (engine/profiles/kueue/words.ts).
 */
import { KUEUE_CATALOGUE } from '../../../engine/profiles/kueue/catalogue';
import { KUEUE_QUEUE_WORDS } from '../../../engine/profiles/kueue/queueWords';
import type { ProfileUiModule } from '../ProfileUiModule';

export const kueueUi: ProfileUiModule<'kueue'> = {
  name: 'kueue',
  title: 'Kueue',
  catalogue: KUEUE_CATALOGUE,
  queueWords: KUEUE_QUEUE_WORDS,
  jobColumns: () => [],
  ownSortKeys: [],
  timelineLegend: [],
  detailRenderers: {},
};
