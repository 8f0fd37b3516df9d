/**
 * One scheduler profile as the views see it (issue 23, docs/decisions/0279): the UI half of a profile,
 * `src/features/profiles/<name>/module.tsx`, listed once in `features/profiles/uiRegistry.ts`. Shared
 * views (jobs table, timeline legend, queue tree legend, editor completion, explain panels) take what they
 * show of a profile from here and never compare a profile's name. Views only draw what the engine sent
 * (snapshot fields and extras, trace details); nothing here recomputes scheduling logic. Pure data comes
 * from the profile's engine folder (catalogue, queue words), never the engine runtime.
 */
import type { ComponentType, ReactNode } from 'react';
import type { ResolveQuery, ResolveResult } from '../../engine/model/protection';
import type { ProfileCatalogue, QueueWords, UpstreamCommit } from '../../engine/framework/ProfileModule';
import type { JobState, QueueState } from '../../engine/model/snapshot';
import type { ScenarioSummary } from '../../protocol/messages';
import type { AppActions, JobSortKey } from '../../store/AppState';
import type { SimColors } from '../../ui/theme';
import type { QueueBadgeFact, QueueBadgeStyle } from '../../viz/layouts/layoutQueueTree';
import type { DetailRenderer } from './rendererFor';

/** One profile column of the jobs table, after the common ones (job, queue, status, run so far). */
export interface ProfileJobColumn {
  /** Cell and `<col>` class name, and the header's test id suffix; unique within the table. */
  readonly id: string;
  readonly label: string;
  /** Header tooltip. */
  readonly help?: string;
  /** The store's sort key for this column (null: not sortable). */
  readonly sortKey: JobSortKey | null;
  /** The cell's content for one job (drawn from the snapshot's job: core fields and `extras`). */
  cell(job: JobState, nowMs: number): ReactNode;
}

/** What the shown session has, for columns that appear only when they have something to show. */
export interface ShownFacts {
  /** Some job has task roles (the snapshot's `roles`). */
  readonly hasRoles: boolean;
}

/** One entry of the timeline legend: a mark the profile's session markers draw, and what it means. */
export interface ProfileLegendEntry {
  readonly label: string;
  /** Colour of the mark, from the theme's simulation colours (so the entry matches the marks drawn). */
  readonly color: keyof SimColors;
  readonly shape: 'bar' | 'dot' | 'triangle' | 'diamond';
}

/** One row of the inspector's queue details, after the common ones (parent, share, allocated, requested). */
export interface QueueDetailRow {
  /** Test id suffix, unique among the queue's rows. */
  readonly key: string;
  readonly label: string;
  readonly value: string;
  /** What the figure is (a title). */
  readonly help?: string;
}

/** A legend entry for the queue cards' badges. */
export interface QueueBadgeLegendEntry {
  readonly label: string;
  readonly style: QueueBadgeStyle;
  /** The badge key it explains, when badges of one style mean different things (Kueue's share, weight). */
  readonly key?: string;
}

/**
 * The dry run's Kubernetes example (docs/scenario-format.md §12): one job as the profile's own objects
 * (KAI's and Volcano's PodGroup with Pods, Kueue's labelled Job), which the profile's importer accepts.
 */
export interface KubernetesJobExample {
  /** The button's words ("PodGroup + Pods", "Job"). */
  readonly label: string;
  /** The YAML text, with the job in `queue` (a name the scenario has; quoted when it is not a plain name). */
  text(queue: string): string;
}

/** The editor's "New scenario" text of a profile: a scenario that runs as it is (a test runs each). */
export interface NewScenarioTemplate {
  readonly label: string;
  readonly text: string;
}

/** Asks the worker for the profile's min-runtime resolution at the session shown (KAI's `minruntime`). */
export type MinRuntimeAsk = (actions: AppActions, params: ResolveQuery) => Promise<ResolveResult>;

/** A profile's last enqueue decision about a job (Volcano's PodGroup enqueue), from the job's extras. */
export interface EnqueueDecision {
  readonly admitted: boolean;
  readonly decidedBy: string | null;
  readonly tier: number | null;
  readonly message: string;
}

/** The job inspector's section of a profile's own facts about a job (its extras), at `nowMs`. */
export type JobSectionComponent = ComponentType<{ job: JobState; nowMs: number }>;

/** The queue tree's figures table of a profile (Volcano: weight, capability, guarantee per queue). */
export type QueueTableComponent = ComponentType<{
  queues: readonly QueueState[];
  selectedQueue: string | null;
}>;

export interface ProfileUiModule<N extends string = string> {
  /** The engine profile's name (`ProfileModule.name`). */
  readonly name: N;
  readonly title: string;
  /** Names and defaults, for the editor's completion and names (pure data from the engine folder). */
  readonly catalogue: ProfileCatalogue;
  /** How the profile names a queue's figures (pure data from the engine folder). */
  readonly queueWords: QueueWords;
  /** The upstream commit the profile follows (pure data from the engine folder; the credentials panel). */
  readonly upstream: UpstreamCommit;
  /**
   * Jobs-table columns for the loaded scenario (null before one loads) and what the shown session has
   * (Volcano shows SLA only with the sla plugin, roles only when some job has them).
   */
  jobColumns(summary: ScenarioSummary | null, shown: ShownFacts): readonly ProfileJobColumn[];
  /** Sort keys that only make sense with this profile's columns (offered only where they are shown). */
  readonly ownSortKeys: readonly JobSortKey[];
  /** Timeline legend entries for the profile's session marks. */
  readonly timelineLegend: readonly ProfileLegendEntry[];
  /**
   * The job inspector's section for the job's profile facts, drawn from its extras (KAI: preempt and
   * reclaim protection; Volcano: PodGroup and sla clock); null = none (decision 0316).
   */
  readonly jobSection: JobSectionComponent | null;
  /** The job's last enqueue decision (profiles with an enqueue gate); absent = the profile has none. */
  enqueueDecision?(job: JobState): EnqueueDecision | null;
  /** Renderers of this profile's trace details (`Verdict.profileDetail`), by detail type. */
  readonly detailRenderers: Readonly<Record<string, DetailRenderer>>;
  /**
   * A queue card's badges, worded from what the engine resolved for the queue (`QueueState.resolved`) or
   * sent in its extras (decision 0298); the layout only places them.
   */
  queueBadges(queue: QueueState): readonly QueueBadgeFact[];
  /** The legend's entries for those badges (empty = none). */
  readonly queueBadgeLegend: readonly QueueBadgeLegendEntry[];
  /** The inspector's rows for a queue, in the profile's words, from the snapshot's queue. */
  queueDetailRows(queue: QueueState): readonly QueueDetailRow[];
  /** What the queue tree's cards show, said under its toolbar; null = the tree's own min-runtime guidance. */
  readonly queueTreeNote: string | null;
  /** The queue tree's figures table, or null. */
  readonly queueTable: QueueTableComponent | null;
  /**
   * How the queue tree asks the engine for min-runtime what-ifs (null: the profile has no min-runtime, and
   * the tree draws no protection paths).
   */
  readonly minRuntime: MinRuntimeAsk | null;
  /** The dry run's Kubernetes example of one job. */
  readonly kubernetesExample: KubernetesJobExample;
  /** The editor's "New scenario" template, or null when the profile offers none yet. */
  readonly newScenario: NewScenarioTemplate | null;
}
