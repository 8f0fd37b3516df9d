/**
 * One scheduler profile as the views see it (issue 23, docs/decisions/0279): the UI half of a profile,
 * `src/features/profiles/<name>/module.tsx`, listed once in `features/profiles/uiRegistry.ts`. Shared
 * views (jobs table, queue tree legend and cards, timeline legend, inspector, explain panels) take what
 * they show of a profile from here and never compare a profile's name. Views only draw what the engine
 * sent (snapshot extras, resolved figures, trace details); nothing here recomputes scheduling logic.
 */
import type { ReactNode } from 'react';
import type { ProfileJobExtras, ProfileQueueExtras, QueueWords } from '../../engine/framework/ProfileModule';
import type { JobState, QueueState } from '../../engine/model/snapshot';
import type { ScenarioSummary } from '../../protocol/messages';
import type { DetailRenderer } from './rendererFor';

/** One profile column of the jobs table, after the common ones (job, queue, status, runtime). */
export interface ProfileJobColumn {
  /** Cell and `<col>` class name; unique within the table. */
  readonly id: string;
  readonly label: string;
  /** Header tooltip. */
  readonly help?: string;
  /** Sort key (null: not sortable); compares the cell's value as the column defines it. */
  readonly sortValue: ((job: JobState, nowMs: number) => number | string) | null;
  /** The cell's content for one job (drawn from `job.extras` and the core fields). */
  cell(job: JobState, nowMs: number): ReactNode;
}

/** One entry of a legend (timeline or queue tree): a mark and what it means. */
export interface ProfileLegendEntry {
  readonly label: string;
  /** Colour key in the theme (`sim.protected`, `sim.bind`…), so the entry matches the marks drawn. */
  readonly color: string;
  readonly shape: 'bar' | 'dot' | 'triangle' | 'diamond' | 'badge';
}

/** A small badge on a queue card (KAI: the effective min-runtime; Volcano: reclaimable/capability). */
export interface ProfileQueueBadge {
  readonly key: string;
  /** Text shown on the card (rendered as text, never markup). */
  readonly text: string;
  /** Tooltip: where the value came from. */
  readonly title: string;
  /** `set` on the queue itself, `inherited` from an ancestor, `default` from the plugin. */
  readonly origin: 'set' | 'inherited' | 'default';
}

export interface ProfileUiModule<N extends string = string> {
  /** The engine profile's name (`ProfileModule.name`). */
  readonly name: N;
  readonly title: string;
  /** The profile's queue words (the engine module's, passed through so views need no engine import). */
  readonly queueWords: QueueWords;
  /** Jobs-table columns of this profile, given the scenario (Volcano shows SLA only with the sla plugin). */
  jobColumns(summary: ScenarioSummary): readonly ProfileJobColumn[];
  /** Timeline legend entries for the profile's session marks. */
  readonly timelineLegend: readonly ProfileLegendEntry[];
  /** Queue-tree legend entries for the profile's badges (shown when `showsBadges` says so). */
  readonly queueLegend: readonly ProfileLegendEntry[];
  /** Whether the queue tree shows this profile's badges for the summary (KAI: minruntime plugin on). */
  showsBadges(summary: ScenarioSummary): boolean;
  /** Badges of one queue card, from the snapshot's queue (and its `extras`). */
  queueBadges(queue: QueueState, extras: ProfileQueueExtras | undefined): readonly ProfileQueueBadge[];
  /** Inspector rows for one job's profile extras (label, value as text). */
  jobDetails(
    job: JobState,
    extras: ProfileJobExtras | undefined,
  ): readonly { label: string; value: string }[];
  /** Renderers of this profile's trace details (`Verdict.profileDetail`), by detail type. */
  readonly detailRenderers: Readonly<Record<string, DetailRenderer>>;
}
