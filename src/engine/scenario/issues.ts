/**
 * The catalogue of scenario problems: every error and warning the parser can report has a code listed
 * here, with a one-line summary and a default hint. Codes are stable (the UI and tests key on them);
 * messages are for people.
 */
import type { Scenario } from '../model/scenario';

/** One problem found in a scenario document. */
export interface ScenarioIssue {
  /** Stable identifier from {@link ISSUE_CATALOGUE}. */
  code: string;
  /** Field path in the style `queues[3].parent`; empty for the whole document. */
  path: string;
  message: string;
  /** 1-based YAML line, or null when the input had no source positions (JSON objects). */
  line: number | null;
  /** 1-based YAML column, or null. */
  column: number | null;
  hint?: string;
}

/** Outcome of parsing: a normalised scenario (possibly with warnings) or every error found. */
export type ParseResult =
  { ok: true; scenario: Scenario; warnings: ScenarioIssue[] } | { ok: false; errors: ScenarioIssue[] };

interface IssueInfo {
  severity: 'error' | 'warning';
  summary: string;
  hint?: string;
}

/** Every issue code, its severity, what it means and what usually fixes it. */
export const ISSUE_CATALOGUE = {
  'yaml-syntax': {
    severity: 'error',
    summary: 'the text is not valid YAML',
    hint: 'Check indentation, colons and quotes near this line (JSON is accepted too).',
  },
  'yaml-warning': { severity: 'warning', summary: 'the YAML parser noticed something unusual' },
  'not-text': {
    severity: 'error',
    summary: 'the file is not UTF-8 (or UTF-16) text',
    hint: 'Save the file with the UTF-8 encoding (in most editors: Save with encoding, UTF-8).',
  },
  'not-a-mapping': {
    severity: 'error',
    summary: 'the scenario is not a mapping of fields',
    hint: 'A scenario starts with `version: 1` followed by its fields.',
  },
  'version-missing': {
    severity: 'error',
    summary: 'the format version is missing',
    hint: 'Add `version: 1` at the top of the file.',
  },
  'version-unsupported': {
    severity: 'error',
    summary: 'the format version is not supported',
    hint: 'This sandbox reads scenario format version 1: write `version: 1`.',
  },
  'unknown-field': {
    severity: 'error',
    summary: 'a field that the format does not define',
    hint: 'Field names are case-sensitive; free-form top-level fields must start with `x-`.',
  },
  'missing-field': { severity: 'error', summary: 'a required field is missing' },
  'wrong-type': {
    severity: 'error',
    summary: 'a value has the wrong type',
    hint: 'Quote values that YAML would otherwise read as numbers or booleans.',
  },
  'invalid-value': { severity: 'error', summary: 'a value is not one of the allowed values' },
  'negative-value': { severity: 'error', summary: 'a count or amount is negative' },
  'out-of-range': { severity: 'error', summary: 'a number is outside its allowed range' },
  'too-large': {
    severity: 'error',
    summary: 'the scenario exceeds one of the size limits',
    hint: 'Limits keep every scenario runnable in a browser tab; docs/scenario-format.md §10 lists them.',
  },
  'invalid-quantity': {
    severity: 'error',
    summary: 'a resource quantity cannot be read',
    hint: 'Use a Kubernetes quantity such as 2, 500m, 1Gi or 1G, or a plain number.',
  },
  'invalid-duration': {
    severity: 'error',
    summary: 'a duration cannot be read',
    hint: 'Use a Go duration such as 1h2m3s, 90s, 1.5s, 500ms or -60s (units h, m, s, ms, us, ns).',
  },
  'invalid-gpu': {
    severity: 'error',
    summary: 'a GPU amount is neither whole nor a fraction of one device',
    hint: 'Tasks ask for whole GPUs (1, 2, …) or a fraction of one GPU (0.5); nodes have whole GPUs.',
  },
  'unknown-profile': {
    severity: 'error',
    summary: 'the profile does not exist',
    hint: 'profile is one of kai, volcano, kube-batch.',
  },
  'unknown-action': {
    severity: 'error',
    summary: 'an action that the profile does not have',
    hint: 'Actions run in the listed order; the message lists the ones the profile offers.',
  },
  'unknown-plugin': {
    severity: 'error',
    summary: 'a plugin that the profile does not have',
    hint: 'The message lists the plugins the profile offers.',
  },
  'duplicate-name': {
    severity: 'error',
    summary: 'two objects of the same kind share a name',
    hint: 'Names identify nodes, queues, jobs and tasks across the whole scenario; rename one of them.',
  },
  'unknown-parent-queue': {
    severity: 'error',
    summary: 'a queue names a parent queue that does not exist',
    hint: 'Define the parent in `queues`, or drop `parent` to make the queue top-level.',
  },
  'queue-cycle': {
    severity: 'error',
    summary: 'queue parents form a cycle',
    hint: 'The queue tree must have roots: remove `parent` from one queue of the cycle.',
  },
  'job-in-non-leaf-queue': {
    severity: 'error',
    summary: 'a job is submitted to a queue that has child queues',
    hint: 'KAI schedules jobs only from leaf queues: move the job to one of the child queues.',
  },
  'unknown-queue': {
    severity: 'error',
    summary: 'a job or event names a queue that does not exist',
    hint: 'Define the queue in `queues` (names are case-sensitive).',
  },
  'unknown-priority-class': {
    severity: 'error',
    summary: 'a job names a priority class that does not exist',
    hint: 'Use a class of the profile, define it in `priorityClasses`, or give a raw `priority` number.',
  },
  'unknown-job': {
    severity: 'error',
    summary: 'an event names a job that does not exist at that time',
    hint: 'Events run in time order; a job must be defined in `jobs` or submitted by an earlier event.',
  },
  'unknown-node': {
    severity: 'error',
    summary: 'a task or event names a node that does not exist',
    hint: 'Define the node in `nodes` (a node with `count: N` is named `<name>-0` … `<name>-(N-1)`).',
  },
  'running-task-without-node': {
    severity: 'error',
    summary: 'a Running task does not say where it runs',
    hint: 'Give the task a `node`, or make it Pending.',
  },
  'node-overcommitted': {
    severity: 'error',
    summary: 'the Running tasks on a node need more than the node has',
    hint: 'Move some Running tasks to another node, make them Pending, or enlarge the node.',
  },
  'running-before-submit': {
    severity: 'error',
    summary: 'a task is Running at t=0 but its job is created later',
    hint: 'Tasks Running at t=0 belong to jobs with submitAt at or before 0s; make the task Pending, or give its job an earlier submitAt.',
  },
  'gpu-packing': {
    severity: 'error',
    summary: 'the Running GPU tasks on a node cannot be packed onto its GPU devices',
    hint: 'A whole-GPU task needs whole free devices; a fractional task needs one device with that much room.',
  },
  'invalid-session': {
    severity: 'error',
    summary: 'a check names a session before the first one',
    hint: 'Sessions are numbered from 1.',
  },
  'invalid-check': {
    severity: 'error',
    summary: 'a check must say when it applies',
    hint: 'Give each check exactly one of `session: N` or `at: <duration>`.',
  },
  'unknown-event-kind': {
    severity: 'error',
    summary: 'an event of a kind the format does not define',
    hint: 'Event kinds: submit, deleteJob, addNode, removeNode, updateQueue, updateConfig.',
  },
  'invalid-event': {
    severity: 'error',
    summary: 'an event is malformed',
    hint: 'Each event has `at` and exactly one kind, e.g. `{at: 30s, deleteJob: my-job}`.',
  },
  'min-available-above-tasks': {
    severity: 'warning',
    summary: 'a job needs more tasks than it has',
    hint: 'The gang can never be satisfied, so the job will never run.',
  },
  'node-ignored': {
    severity: 'warning',
    summary: 'a Pending task names a node',
    hint: 'Only Running tasks use `node`; use `nodeSelector` to restrict where a pending task may go.',
  },
  'unknown-reference': {
    severity: 'warning',
    summary: 'a check names something the scenario never defines',
    hint: 'The check will fail; check the spelling (task names default to `<job>-<index>`).',
  },
  'check-never-reached': {
    severity: 'warning',
    summary: 'a check refers to a time the run never reaches',
    hint: 'Extend `run` or move the check earlier.',
  },
  'invalid-lesson-step': {
    severity: 'error',
    summary: 'a lesson step is malformed',
    hint: 'A step has any of `say`, `session`, `select` (one of job, queue, node or pair) and `ask` (question, reveal, 2-4 choices).',
  },
  'unknown-lesson-target': {
    severity: 'error',
    summary: 'a lesson step names a job, queue or node the scenario never defines',
    hint: 'Check the spelling; `select` and `pair` take job names, not task names.',
  },
  'lesson-session-never-reached': {
    severity: 'warning',
    summary: 'a lesson step goes to a session the run never reaches',
    hint: 'Extend `run` or pick an earlier session.',
  },
  'node-pool-mismatch': {
    severity: 'error',
    summary: 'an object names a node pool that does not exist, or lies in another pool than what it uses',
    hint: 'Label nodes, queues and jobs with a partitionLabelValue of nodePools (§24); a job and its queue share a pool.',
  },
  'duplicate-plugin': {
    severity: 'warning',
    summary: 'a plugin is listed more than once',
    hint: 'Each plugin is normally listed once across all tiers.',
  },
} as const satisfies Record<string, IssueInfo>;

/** A code from {@link ISSUE_CATALOGUE}. */
export type IssueCode = keyof typeof ISSUE_CATALOGUE;

/**
 * One-line rendering of an issue for terminals and logs, e.g.
 * `queues[3].parent: queue "B" does not exist (line 12)`.
 */
export function formatIssue(issue: ScenarioIssue): string {
  const where = issue.line === null ? '' : ` (line ${issue.line})`;
  return `${issue.path === '' ? '' : `${issue.path}: `}${issue.message}${where}`;
}
