/**
 * The engine host: answers protocol commands and advances the current run in small time-boxed chunks, so
 * that snapshot requests and pause commands are served between chunks instead of after the whole run.
 * Transport-free: the worker entry and the in-process transport both feed it commands.
 */
import type { Simulation } from '../engine/api';
import type { Scenario } from '../engine/model/scenario';
import { assertNever } from '../common/assertNever';
import type {
  Command,
  DebugFault,
  IssueDto,
  ReplyMessage,
  RunStatus,
  ScenarioSummary,
  WorkerError,
  WorkerMessage,
} from '../protocol/messages';
import { PROTOCOL_VERSION } from '../protocol/protocolVersion';
import type { QueryAnswer, RunQuery } from '../protocol/queries';
import type { LessonAnswer, SessionView } from '../protocol/sessionView';
import type { EngineApi, EngineIssueLike } from './EngineApi';
import { toSessionView } from './toSessionView';
import { clusterOccupancyOf } from './clusterOccupancyOf';
import { occupancyBuffers } from '../protocol/clusterOccupancy';
import { createJobOrderer, jobNameOrderBuffers, type JobNameOrder } from '../protocol/jobNameOrder';
import { changedScenarioText } from './runExplain';
import { profileCompare, workshopCompare, workshopRun } from './runWorkshop';
import { workshopFrontier, workshopPoint, workshopSweepCsv } from './runWorkshopPoint';
import { jobPlacementsOf } from './jobPlacementsOf';
import { nodeGroupsOf } from './nodeGroupsOf';
import { scenarioHasJob } from './scenarioHasJob';
import { createLastValidated } from './lastValidated';
import { taskColumnBuffers, tasksToColumns } from '../protocol/taskColumns';

export interface SimulationHostDeps<I extends EngineIssueLike> {
  engine: EngineApi<I>;
  /** Sends `message`; `transfer` lists buffers it may move instead of copy (the cluster map's occupancy). */
  post(message: WorkerMessage, transfer?: Transferable[]): void;
  /** Runs `task` soon, after pending incoming messages (a zero-delay macrotask). */
  defer(task: () => void): void;
  /** Monotonic milliseconds, for the chunk budget only (never for simulated time). */
  now(): number;
  /** Wall time one run chunk may take before yielding (default 12 ms: well under a 50 ms long task). */
  chunkBudgetMs?: number;
  /** Jobs or tasks per `replyPart` message of a big snapshot (default {@link SNAPSHOT_PART_ITEMS}). */
  snapshotPartItems?: number;
}

/**
 * Jobs or tasks per part of a snapshot reply: a part of 1,000 jobs with their protections deserialises in
 * a few milliseconds on the main thread, well under a 50 ms long task.
 */
export const SNAPSHOT_PART_ITEMS = 1000;

export interface SimulationHost {
  handle(command: Command): void;
}

interface Run {
  id: number;
  scenario: Scenario;
  sim: Simulation;
  state: RunStatus['state'];
  error: string | null;
  sentMarkers: number;
  /** Debug fault: throw when stepping into this session. */
  failAtSession: number | null;
}

class HostError extends Error {
  constructor(
    readonly code: WorkerError['code'],
    message: string,
  ) {
    super(message);
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export function createSimulationHost<I extends EngineIssueLike>(deps: SimulationHostDeps<I>): SimulationHost {
  const { engine, post, defer, now } = deps;
  const budget = deps.chunkBudgetMs ?? 12;
  const partItems = deps.snapshotPartItems ?? SNAPSHOT_PART_ITEMS;
  let run: Run | null = null;
  let nextRunId = 1;
  let allowDebugFaults = false;
  let isPumpScheduled = false;
  /** A `failStep` fault requested before the run it applies to was loaded. */
  let pendingFailAt: number | null = null;
  /** The editor's last checked text, parsed, for an Apply of the same text (decision 0336). */
  const checked = createLastValidated((text: string) => engine.parseScenario(text, {}));

  const toIssue = (issue: I): IssueDto => ({
    code: issue.code,
    path: issue.path,
    message: issue.message,
    line: issue.line ?? null,
    column: issue.column ?? null,
    hint: issue.hint ?? null,
    text: engine.formatIssue(issue),
  });

  const statusOf = (r: Run): RunStatus => ({
    runId: r.id,
    state: r.state,
    sessionCount: r.sim.sessionCount(),
    error: r.error,
  });

  const requireRun = (runId: number): Run => {
    if (run === null || run.id !== runId) {
      throw new HostError('stale-run', `Run ${runId} is no longer loaded.`);
    }
    return run;
  };

  /** `session` must have been run (`first` is 0 where the scenario at t=0 may be asked about, else 1). */
  const requireSession = (r: Run, session: number, first: 0 | 1): void => {
    const count = r.sim.sessionCount();
    if (!Number.isInteger(session) || session < first || session > count) {
      throw new HostError('bad-request', `Session ${session} has not been run (${first}…${count} exist).`);
    }
  };

  const sendProgress = (r: Run): void => {
    const markers = r.sim.markers();
    const fresh = markers.slice(r.sentMarkers);
    post({ type: 'runProgress', runId: r.id, from: r.sentMarkers, markers: fresh, status: statusOf(r) });
    r.sentMarkers = markers.length;
  };

  const schedulePump = (): void => {
    if (isPumpScheduled) return;
    isPumpScheduled = true;
    defer(pump);
  };

  function pump(): void {
    isPumpScheduled = false;
    const r = run;
    if (r === null || r.state !== 'running') return;
    const start = now();
    try {
      do {
        if (r.sim.isFinished()) {
          r.state = 'finished';
          break;
        }
        if (r.failAtSession !== null && r.sim.sessionCount() + 1 >= r.failAtSession) {
          r.failAtSession = null;
          throw new Error(`Injected engine fault while running session ${r.sim.sessionCount() + 1}.`);
        }
        if (!r.sim.step()) {
          r.state = 'finished';
          break;
        }
      } while (now() - start < budget);
      if (r.state === 'running' && r.sim.isFinished()) r.state = 'finished';
    } catch (error) {
      r.state = 'failed';
      r.error = `Session ${r.sim.sessionCount() + 1} failed: ${messageOf(error)}`;
    }
    if (run !== r) return; // replaced while running (cannot happen synchronously, kept for safety)
    sendProgress(r);
    if (r.state === 'running') schedulePump();
  }

  /**
   * One profile's question, answered against the queues and config that session ran with (updateQueue /
   * updateConfig events before it included), not the scenario at t=0. A kind of another profile than the
   * loaded scenario's is a bad request: its answer would describe rules this run does not follow.
   */
  const answerQuery = (r: Run, query: RunQuery): QueryAnswer => {
    if (query.profile !== r.scenario.profile) {
      throw new HostError(
        'bad-request',
        `A ${query.profile} query (${query.kind}) cannot be asked of a ${r.scenario.profile} scenario.`,
      );
    }
    try {
      // The protocol types the answer per kind (protocol/queries.ts); the profile's query computes it.
      return r.sim.query(query.kind, query.params, query.session) as QueryAnswer;
    } catch (error) {
      throw new HostError('engine-error', messageOf(error));
    }
  };

  /**
   * The jobs table's name order of a session, ranked here rather than on the page (decision 0377); a step with
   * the last session's jobs ranks nothing again.
   */
  const orderNames = createJobOrderer();
  const jobOrderOf = (jobs: readonly { name: string }[]): JobNameOrder => orderNames(jobs.map((j) => j.name));

  /** The engine's verdict on each lesson question revealed at `session` (a choice is right iff its check holds). */
  const withLessonAnswers = (r: Run, session: number, view: SessionView): SessionView => {
    const answers: LessonAnswer[] = [];
    r.scenario.lesson.forEach((step, i) => {
      if (step.ask === null || step.ask.revealSession !== session) return;
      answers.push({
        step: i,
        correct: step.ask.choices.map((c) => engine.checkExpectations(r.sim, [c.check]).length === 0),
      });
    });
    return answers.length === 0 ? view : { ...view, lessonAnswers: answers };
  };

  /**
   * Posts the jobs, tasks and nodes of a big view as `replyPart` messages and returns the view without them (the
   * client puts them back): one message per part, so the page reads them in separate tasks.
   */
  const sendInParts = (id: number, view: SessionView): SessionView => {
    const { jobs, tasks, nodes, decisions } = view;
    if (
      jobs.length <= partItems &&
      tasks.length <= partItems &&
      nodes.length <= partItems &&
      decisions.length <= partItems
    )
      return view;
    for (let i = 0; i < jobs.length; i += partItems) {
      post({ type: 'replyPart', id, field: 'jobs', items: jobs.slice(i, i + partItems) });
    }
    for (let i = 0; i < tasks.length; i += partItems) {
      // As columns whose arrays move to the page (decision 0336): no field names or repeated strings per task.
      const columns = tasksToColumns(tasks.slice(i, i + partItems));
      post({ type: 'replyPart', id, field: 'tasks', columns }, taskColumnBuffers(columns));
    }
    // Nodes too (decision 0300): 4,000 nodes' resource records were the largest part of the reply's own task.
    for (let i = 0; i < nodes.length; i += partItems) {
      post({ type: 'replyPart', id, field: 'nodes', items: nodes.slice(i, i + partItems) });
    }
    // Decisions too (decision 0365): a reclaim on a 140,000-pod cluster decides thousands of evictions, 2.3 MB
    // of the reply, read in the same main-thread task as the render that follows it.
    for (let i = 0; i < decisions.length; i += partItems) {
      post({ type: 'replyPart', id, field: 'decisions', items: decisions.slice(i, i + partItems) });
    }
    return { ...view, jobs: [], tasks: [], nodes: [], decisions: [] };
  };

  const summarize = (scenario: Scenario): ScenarioSummary => {
    const { run: spec, scheduler } = scenario;
    let sessionLimit = spec.maxSessions;
    if (spec.sessions !== null) sessionLimit = spec.sessions;
    else if (spec.untilMs !== null && scheduler.schedulePeriodMs > 0) {
      sessionLimit = Math.min(spec.maxSessions, Math.floor(spec.untilMs / scheduler.schedulePeriodMs) + 1);
    }
    return {
      name: scenario.name,
      description: scenario.description,
      profile: scenario.profile,
      schedulePeriodMs: scheduler.schedulePeriodMs,
      actions: [...scheduler.actions],
      plugins: scheduler.tiers.flatMap((tier, i) => tier.plugins.map((p) => ({ name: p.name, tier: i + 1 }))),
      nodeCount: scenario.nodes.length,
      queueCount: scenario.queues.length,
      jobCount: scenario.jobs.length,
      sessionLimit,
      lesson: scenario.lesson.map((step) => ({
        say: step.say,
        session: step.session,
        select: step.select,
        ask:
          step.ask === null
            ? null
            : {
                prompt: step.ask.prompt,
                revealSession: step.ask.revealSession,
                choices: step.ask.choices.map((c) => c.label),
              },
      })),
      nodeGroups: nodeGroupsOf(scenario),
      jobPlacements: jobPlacementsOf(scenario),
    };
  };

  const injectFault = (fault: DebugFault, atSession: number | null): null => {
    if (!allowDebugFaults) throw new HostError('bad-request', 'Debug faults are disabled.');
    switch (fault) {
      case 'throw':
        throw new HostError('debug-fault', 'Injected fault: the command handler threw.');
      case 'crash':
        defer(() => {
          throw new Error('Injected fault: uncaught error in the worker.');
        });
        return null;
      case 'hang':
        defer(() => {
          // Deliberately never returns: only the client's timeout and terminate() end it.
          for (;;) {
            /* spin */
          }
        });
        return null;
      case 'failStep':
        if (run !== null && run.state === 'running') run.failAtSession = atSession ?? 1;
        else pendingFailAt = atSession ?? 1;
        return null;
      default:
        return assertNever(fault, 'debug fault');
    }
  };

  const requireWorkshop = () => {
    if (engine.workshop === undefined) throw new HostError('bad-request', 'This simulator has no workshop.');
    return engine.workshop;
  };
  const requireExplain = () => {
    if (engine.explain === undefined)
      throw new HostError('bad-request', 'This simulator cannot explain jobs.');
    return engine.explain;
  };
  /** An engine failure while explaining is reported as such (with what was asked), not as a host bug. */
  const explainCall = <T>(what: string, f: () => T): T => {
    try {
      return f();
    } catch (error) {
      throw new HostError('engine-error', `The engine could not ${what}: ${messageOf(error)}`);
    }
  };
  /** An engine failure while running a variant is reported as such, not as a host bug. */
  const engineCall = <T>(f: () => T): T => {
    try {
      return f();
    } catch (error) {
      throw new HostError('engine-error', `The engine could not run this variant: ${messageOf(error)}`);
    }
  };

  const dispatch = (command: Command): ReplyMessage => {
    const { id } = command;
    switch (command.type) {
      case 'hello': {
        if (command.protocolVersion !== PROTOCOL_VERSION) {
          throw new HostError(
            'version-mismatch',
            `The worker speaks protocol ${PROTOCOL_VERSION}, the page ${command.protocolVersion}. Reload the page.`,
          );
        }
        allowDebugFaults = command.allowDebugFaults;
        return { type: 'reply', id, kind: 'hello', result: { protocolVersion: PROTOCOL_VERSION } };
      }
      case 'load': {
        const text = 'text' in command ? command.text : checked.keptText(command.sameAsValidated);
        if (text === null) {
          throw new HostError('not-kept', 'The worker no longer holds the checked text; the page sends it.');
        }
        post({ type: 'loadProgress', id, phase: 'reading', characters: text.length });
        const parsed =
          command.fileName === null
            ? checked.forLoad(text)
            : (checked.drop(), engine.parseScenario(text, { fileName: command.fileName }));
        if (!parsed.ok) {
          return {
            type: 'reply',
            id,
            kind: 'load',
            result: { ok: false, errors: parsed.errors.map(toIssue) },
          };
        }
        post({ type: 'loadProgress', id, phase: 'starting', characters: text.length });
        let sim: Simulation;
        try {
          sim = engine.createSimulation(parsed.scenario);
        } catch (error) {
          throw new HostError(
            'engine-error',
            `The engine could not start this scenario: ${messageOf(error)}`,
          );
        }
        run = {
          id: nextRunId++,
          scenario: parsed.scenario,
          sim,
          state: 'running',
          error: null,
          sentMarkers: 0,
          failAtSession: pendingFailAt,
        };
        pendingFailAt = null;
        schedulePump();
        return {
          type: 'reply',
          id,
          kind: 'load',
          result: {
            ok: true,
            runId: run.id,
            summary: summarize(parsed.scenario),
            warnings: parsed.warnings.map(toIssue),
            status: statusOf(run),
          },
        };
      }
      case 'validate': {
        const parsed = checked.validate(command.text);
        return {
          type: 'reply',
          id,
          kind: 'validate',
          result: parsed.ok
            ? { errors: [], warnings: parsed.warnings.map(toIssue) }
            : { errors: parsed.errors.map(toIssue), warnings: [] },
        };
      }
      case 'expandWorkload': {
        if (engine.expandWorkloadText === undefined) {
          throw new HostError('bad-request', 'This worker cannot expand workloads.');
        }
        const expanded = engine.expandWorkloadText(command.text);
        return {
          type: 'reply',
          id,
          kind: 'expandWorkload',
          result: expanded.ok
            ? { ok: true, text: expanded.text, generatedJobs: expanded.generatedJobs }
            : { ok: false, errors: expanded.errors.map(toIssue) },
        };
      }
      case 'snapshot': {
        const r = requireRun(command.runId);
        requireSession(r, command.index, 1);
        let view: SessionView;
        try {
          const snapshot = r.sim.snapshot(command.index);
          view = withLessonAnswers(r, command.index, {
            ...toSessionView(snapshot),
            occupancy: clusterOccupancyOf(snapshot),
            jobOrder: jobOrderOf(snapshot.jobs),
          });
        } catch (error) {
          throw new HostError(
            'engine-error',
            `Session ${command.index} could not be rebuilt: ${messageOf(error)}`,
          );
        }
        return { type: 'reply', id, kind: 'snapshot', result: sendInParts(id, view) };
      }
      case 'attempt': {
        const r = requireRun(command.runId);
        requireSession(r, command.session, 1);
        const attempt = r.sim.snapshot(command.session).trace.attempts[command.index];
        if (attempt === undefined) {
          throw new HostError('bad-request', `Session ${command.session} has no attempt ${command.index}.`);
        }
        return { type: 'reply', id, kind: 'attempt', result: attempt };
      }
      case 'pauseRun': {
        const r = requireRun(command.runId);
        if (r.state === 'running') r.state = 'paused';
        sendProgress(r);
        return { type: 'reply', id, kind: 'pauseRun', result: statusOf(r) };
      }
      case 'resumeRun': {
        const r = requireRun(command.runId);
        if (r.state === 'paused') {
          r.state = 'running';
          schedulePump();
        }
        return { type: 'reply', id, kind: 'resumeRun', result: statusOf(r) };
      }
      case 'query': {
        const r = requireRun(command.runId);
        requireSession(r, command.session, 0);
        return { type: 'reply', id, kind: 'query', result: answerQuery(r, command) };
      }
      case 'workshopCompare': {
        const w = requireWorkshop();
        const result = engineCall(() => workshopCompare(w, command.text, command.a, command.b, command.seed));
        return { type: 'reply', id, kind: 'workshopCompare', result };
      }
      case 'workshopRun': {
        const w = requireWorkshop();
        const result = engineCall(() => workshopRun(w, command.text, command.variant, command.seed));
        return { type: 'reply', id, kind: 'workshopRun', result };
      }
      case 'workshopPoint': {
        const w = requireWorkshop();
        const { text, variant, knob, seeds } = command;
        const params = {
          text,
          seeds,
          ...(variant !== undefined && { variant }),
          ...(knob !== undefined && { knob }),
        };
        const result = engineCall(() => workshopPoint(w, params));
        return { type: 'reply', id, kind: 'workshopPoint', result };
      }
      case 'workshopFrontier': {
        const w = requireWorkshop();
        const answer = engineCall(() => workshopFrontier(w, command.points));
        if (!answer.ok) throw new HostError('bad-request', answer.message);
        return { type: 'reply', id, kind: 'workshopFrontier', result: answer.flags };
      }
      case 'workshopSweepCsv': {
        const w = requireWorkshop();
        const answer = engineCall(() => workshopSweepCsv(w, command.points));
        if (!answer.ok) throw new HostError('bad-request', answer.message);
        return { type: 'reply', id, kind: 'workshopSweepCsv', result: answer.csv };
      }
      case 'profileCompare': {
        const w = requireWorkshop();
        const result = engineCall(() => profileCompare(w, command.text, command.profiles));
        return { type: 'reply', id, kind: 'profileCompare', result };
      }
      case 'explainJob': {
        const x = requireExplain();
        const r = requireRun(command.runId);
        requireSession(r, command.session, 0);
        const result = explainCall(`explain ${command.job}`, () =>
          x.explainJob(r.scenario, command.job, { session: command.session }),
        );
        return { type: 'reply', id, kind: 'explainJob', result };
      }
      case 'dryRun': {
        const x = requireExplain();
        const r = requireRun(command.runId);
        requireSession(r, command.session, 1);
        const result = explainCall('dry-run this job', () =>
          x.dryRun(r.scenario, command.jobText, { session: command.session }),
        );
        return { type: 'reply', id, kind: 'dryRun', result };
      }
      case 'changedScenario': {
        const x = requireExplain();
        const r = requireRun(command.runId);
        const result = explainCall('apply this change', () =>
          changedScenarioText(x, r.scenario, command.change),
        );
        return { type: 'reply', id, kind: 'changedScenario', result };
      }
      case 'hasJob': {
        const r = requireRun(command.runId);
        return { type: 'reply', id, kind: 'hasJob', result: scenarioHasJob(r.scenario, command.name) };
      }
      case 'historySize': {
        const r = requireRun(command.runId);
        return { type: 'reply', id, kind: 'historySize', result: r.sim.historySize() };
      }
      case 'debugFault':
        return {
          type: 'reply',
          id,
          kind: 'debugFault',
          result: injectFault(command.fault, command.atSession),
        };
      default:
        return assertNever(command, 'command');
    }
  };

  return {
    handle(command) {
      try {
        const reply = dispatch(command);
        // A snapshot's occupancy buffers and name order move to the page instead of being copied (decisions
        // 0300, 0377).
        const view = reply.kind === 'snapshot' ? reply.result : undefined;
        post(reply, [
          ...(view?.occupancy === undefined ? [] : occupancyBuffers(view.occupancy)),
          ...(view?.jobOrder === undefined ? [] : jobNameOrderBuffers(view.jobOrder)),
        ]);
      } catch (error) {
        const failure: WorkerError =
          error instanceof HostError
            ? { code: error.code, message: error.message }
            : { code: 'internal', message: messageOf(error) };
        post({ type: 'failure', id: typeof command.id === 'number' ? command.id : -1, error: failure });
      }
    },
  };
}
