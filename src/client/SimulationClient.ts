/**
 * Request/reply correlation over a Transport, with timeouts, cancellation and crash recovery.
 * The engine never runs on this thread: every call here is a message to the worker.
 */
import type { ChangedScenario, DryRunReply, ExplainReply, ScenarioChange } from '../protocol/explain';
import type { QueryResult, RunQuery } from '../protocol/queries';
import type { JobAttempt } from '../engine/model/trace';
import { assertNever } from '../common/assertNever';
import type {
  Command,
  DebugFault,
  HistorySizeDto,
  LoadProgressMessage,
  LoadResult,
  ValidateResult,
  ExpandWorkloadDto,
  RequestKind,
  RequestParams,
  RequestResult,
  RunProgressMessage,
  RunStatus,
  WorkerMessage,
} from '../protocol/messages';
import { PROTOCOL_VERSION } from '../protocol/protocolVersion';
import { tasksFromColumns } from '../protocol/taskColumns';
import type { SessionView } from '../protocol/sessionView';
import type { Transport, TransportFactory } from '../protocol/Transport';
import type {
  KnobSetting,
  ProfileCompareResult,
  WorkshopCompareResult,
  WorkshopPointResult,
  WorkshopRunResult,
} from '../protocol/workshop';
import type { FrontierPoint, ReplicateRun } from '../engine/index';
import { ClientError, isClientError } from './ClientError';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides the client's default timeout for this request. */
  timeoutMs?: number;
}

export interface ClientListener {
  progress?(message: RunProgressMessage): void;
  /** A `load` in flight passed a phase (reading the text, starting the simulation). */
  loadProgress?(message: LoadProgressMessage): void;
  /** The worker crashed or hung; every pending request has been rejected. */
  crash?(reason: string): void;
}

export interface SimulationClientOptions {
  /** A request without a reply after this long counts as a hung worker (default 15 s). */
  timeoutMs?: number;
  /** Sent in `hello`; the worker then honours `debugFault` (e2e only). */
  allowDebugFaults?: boolean;
}

export interface SimulationClient {
  load(text: string, fileName: string | null, options?: RequestOptions): Promise<LoadResult>;
  /** Parses and validates `text` without running it (the editor's inline marks). */
  validate(text: string): Promise<ValidateResult>;
  /** `text` with its `workload:` written out as plain jobs (the editor's "Expand workload"). */
  expandWorkload(text: string): Promise<ExpandWorkloadDto>;
  snapshot(runId: number, index: number, options?: RequestOptions): Promise<SessionView>;
  attempt(runId: number, session: number, index: number): Promise<JobAttempt>;
  pauseRun(runId: number): Promise<RunStatus>;
  resumeRun(runId: number): Promise<RunStatus>;
  /** A profile's question about one session of the run (protocol/queries.ts), e.g. KAI's min-runtime. */
  query<Q extends RunQuery>(runId: number, query: Q): Promise<QueryResult<Q>>;
  /**
   * The engine's "Why?" for `job` at session `session` (0 = before the first) of run `runId`, with each
   * suggested change proven by re-running the engine in the worker (issue 19).
   */
  explainJob(runId: number, job: string, session: number, options?: RequestOptions): Promise<ExplainReply>;
  /**
   * `jobText` (a scenario job, or Kubernetes PodGroup + Pods YAML) submitted to run `runId`'s scenario at the
   * time of its session `session` (1 = the start).
   */
  dryRun(runId: number, jobText: string, session: number, options?: RequestOptions): Promise<DryRunReply>;
  /** Run `runId`'s scenario with `change` applied, as scenario text (a suggestion's "Try it"). */
  changedScenario(runId: number, change: ScenarioChange, options?: RequestOptions): Promise<ChangedScenario>;
  /** Whether run `runId`'s scenario has a job named `name` in any session (a link's `?job=`). */
  hasJob(runId: number, name: string): Promise<boolean>;
  debugFault(fault: DebugFault, atSession?: number | null): Promise<null>;
  /** What a run's stored history holds (the browser benchmark's memory figure). */
  historySize(runId: number): Promise<HistorySizeDto>;
  subscribe(listener: ClientListener): () => void;
  /**
   * Stops whatever the worker computes by terminating it (the engine cannot be interrupted inside a
   * session or a parse): every pending request fails with `aborted`, and the next request starts a fresh
   * worker, which has no run loaded. Crash listeners are not told: this is the user's choice, not a fault.
   */
  restart(reason: string): void;
  /** Requests awaiting a reply (for tests and the busy indicator). */
  pendingCount(): number;
  /** Terminates the worker; later requests fail. */
  dispose(): void;
}

/** The workshop's requests (protocol/workshop.ts); long runs, so each takes its own timeout. */
export interface WorkshopRequests {
  workshopCompare(
    text: string,
    a: string,
    b: string,
    options?: RequestOptions,
  ): Promise<WorkshopCompareResult>;
  workshopRun(text: string, variant: string, options?: RequestOptions): Promise<WorkshopRunResult>;
  /** One point over `seeds` seeds: `variant` of `text` (absent: base), `knob` set on top when given. */
  workshopPoint(
    params: { text: string; variant?: string; knob?: KnobSetting; seeds: number },
    options?: RequestOptions,
  ): Promise<WorkshopPointResult>;
  workshopFrontier(points: FrontierPoint[], options?: RequestOptions): Promise<boolean[]>;
  /** The sweep's CSV as `sim sweep --csv` prints it. */
  workshopSweepCsv(
    points: { label: string; runs: ReplicateRun[] }[],
    options?: RequestOptions,
  ): Promise<string>;
}

/** One scenario on several profiles (issue 23 Deliver 4); runs in the client's worker. */
export interface ProfileCompareRequests {
  profileCompare(text: string, profiles: string[], options?: RequestOptions): Promise<ProfileCompareResult>;
}

interface Pending {
  kind: RequestKind;
  /** Items of `replyPart` messages received for this request, by field, in order. */
  parts?: Map<string, unknown[]>;
  resolve(result: unknown): void;
  reject(error: ClientError): void;
  cleanup(): void;
}

interface Connection {
  transport: Transport;
  unlisten: () => void;
  ready: Promise<void>;
  /**
   * The text of the last `validate` posted on this connection, while the worker holds it (no `load` since):
   * a load of the same text stands for it instead of posting it again (protocol 13, decision 0379).
   */
  validated: string | null;
}

export function createSimulationClient(
  createTransport: TransportFactory,
  options: SimulationClientOptions = {},
): SimulationClient & WorkshopRequests & ProfileCompareRequests {
  const defaultTimeout = options.timeoutMs ?? 15_000;
  /**
   * Characters of the scenario last sent to `load`: every other request may wait behind one session of its
   * run, which grows with the scenario as a load does (a 140,000-pod cluster, issue 19; decision 0161).
   */
  let scenarioLength = 0;
  const allowDebugFaults = options.allowDebugFaults ?? false;
  const listeners = new Set<ClientListener>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let connection: Connection | null = null;
  let isDisposed = false;

  const rejectAll = (error: ClientError): void => {
    for (const entry of [...pending.values()]) {
      entry.cleanup();
      entry.reject(error);
    }
    pending.clear();
  };

  const dropConnection = (reason: string): void => {
    if (connection === null) return;
    const dead = connection;
    connection = null;
    dead.unlisten();
    dead.transport.terminate();
    rejectAll(new ClientError('crashed', reason));
    for (const listener of listeners) listener.crash?.(reason);
  };

  const onMessage = (message: WorkerMessage): void => {
    switch (message.type) {
      case 'reply': {
        const entry = pending.get(message.id);
        if (entry === undefined) return; // aborted or timed out earlier
        pending.delete(message.id);
        entry.cleanup();
        if (entry.kind !== message.kind) {
          entry.reject(new ClientError('internal', `Expected a ${entry.kind} reply, got ${message.kind}.`));
          return;
        }
        entry.resolve(entry.parts === undefined ? message.result : withParts(message.result, entry.parts));
        return;
      }
      case 'replyPart': {
        const entry = pending.get(message.id);
        if (entry === undefined) return;
        entry.parts ??= new Map();
        const items = entry.parts.get(message.field) ?? [];
        for (const item of message.field === 'tasks' ? tasksFromColumns(message.columns) : message.items) {
          items.push(item);
        }
        entry.parts.set(message.field, items);
        return;
      }
      case 'failure': {
        const entry = pending.get(message.id);
        if (entry === undefined) return;
        pending.delete(message.id);
        entry.cleanup();
        entry.reject(new ClientError(message.error.code, message.error.message));
        return;
      }
      case 'runProgress':
        for (const listener of listeners) listener.progress?.(message);
        return;
      case 'loadProgress':
        if (!pending.has(message.id)) return; // its load was cancelled
        for (const listener of listeners) listener.loadProgress?.(message);
        return;
      default:
        assertNever(message, 'worker message');
    }
  };

  /** Sends one command on `conn` and waits for its reply. */
  const send = <K extends RequestKind>(
    conn: Connection,
    kind: K,
    params: RequestParams<K>,
    requestOptions: RequestOptions,
  ): Promise<RequestResult<K>> =>
    new Promise<RequestResult<K>>((resolve, reject) => {
      const { signal } = requestOptions;
      if (signal?.aborted) {
        reject(new ClientError('aborted', `${kind} was cancelled.`));
        return;
      }
      const id = nextId++;
      const timeoutMs = requestOptions.timeoutMs ?? loadTimeoutMs(defaultTimeout, scenarioLength);
      const timer = setTimeout(() => {
        // No answer in time: the worker is stuck (an endless engine loop looks exactly like this).
        dropConnection(
          `The simulator did not answer for ${Math.round(timeoutMs / 1000)} s and was restarted.`,
        );
      }, timeoutMs);
      const onAbort = (): void => {
        if (!pending.has(id)) return;
        pending.delete(id);
        clearTimeout(timer);
        reject(new ClientError('aborted', `${kind} was cancelled.`));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      pending.set(id, {
        kind,
        resolve: resolve as (result: unknown) => void,
        reject,
        cleanup: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        },
      });
      let command = { type: kind, id, ...params } as Command;
      // Commands reach the worker in order, so what it holds is decided here, as each is posted: after a
      // validate its text, after any load none. A load of the text it holds stands for it (protocol 13).
      if (
        command.type === 'load' &&
        'text' in command &&
        command.fileName === null &&
        command.text === conn.validated
      ) {
        command = { type: 'load', id, sameAsValidated: command.text.length, fileName: null };
      }
      if (command.type === 'validate') conn.validated = command.text;
      else if (command.type === 'load') conn.validated = null;
      conn.transport.post(command);
    });

  const connect = (): Connection => {
    if (connection !== null) return connection;
    const transport = createTransport();
    const unlisten = transport.listen({
      message: onMessage,
      crash: (reason) => dropConnection(`The simulator crashed: ${reason}`),
    });
    const conn: Connection = { transport, unlisten, ready: Promise.resolve(), validated: null };
    connection = conn;
    conn.ready = send(conn, 'hello', { protocolVersion: PROTOCOL_VERSION, allowDebugFaults }, {}).then(
      (reply) => {
        if (reply.protocolVersion !== PROTOCOL_VERSION) {
          throw new ClientError('version-mismatch', 'The simulator is a different version. Reload the page.');
        }
      },
    );
    // A failed handshake is reported to whichever request awaits `ready`; avoid an unhandled rejection here.
    conn.ready.catch(() => undefined);
    return conn;
  };

  const request = async <K extends RequestKind>(
    kind: K,
    params: RequestParams<K>,
    requestOptions: RequestOptions = {},
  ): Promise<RequestResult<K>> => {
    if (isDisposed) throw new ClientError('disposed', 'The simulator has been shut down.');
    const conn = connect();
    await conn.ready;
    if (connection !== conn) throw new ClientError('crashed', 'The simulator restarted; try again.');
    return send(conn, kind, params, requestOptions);
  };

  return {
    load: async (text, fileName, requestOptions) => {
      scenarioLength = text.length;
      const loadOptions = { timeoutMs: loadTimeoutMs(defaultTimeout, text.length), ...requestOptions };
      try {
        // Sent as its length when the worker holds this text from the editor's check (`send`): a 13 MB text
        // posted again was a 50 ms main-thread task. Equal texts compare in milliseconds, others at once.
        return await request('load', { text, fileName }, loadOptions);
      } catch (error) {
        // The worker had lost it (a validate that threw): the load just posted made the client forget it too,
        // so this one carries the text.
        if (!isClientError(error, 'not-kept')) throw error;
        return request('load', { text, fileName }, loadOptions);
      }
    },
    validate: (text) => request('validate', { text }),
    expandWorkload: (text) => request('expandWorkload', { text }),
    snapshot: (runId, index, requestOptions) => request('snapshot', { runId, index }, requestOptions),
    attempt: (runId, session, index) => request('attempt', { runId, session, index }),
    pauseRun: (runId) => request('pauseRun', { runId }),
    resumeRun: (runId) => request('resumeRun', { runId }),
    // The worker answers with the result type of the query's kind (protocol/queries.ts).
    query: <Q extends RunQuery>(runId: number, query: Q) =>
      request('query', { runId, ...query }) as Promise<QueryResult<Q>>,
    explainJob: (runId, job, session, requestOptions) =>
      request('explainJob', { runId, job, session }, requestOptions),
    dryRun: (runId, jobText, session, requestOptions) =>
      request('dryRun', { runId, jobText, session }, requestOptions),
    changedScenario: (runId, change, requestOptions) =>
      request('changedScenario', { runId, change }, requestOptions),
    hasJob: (runId, name) => request('hasJob', { runId, name }),
    debugFault: (fault, atSession = null) => request('debugFault', { fault, atSession }),
    historySize: (runId) => request('historySize', { runId }, { timeoutMs: 60_000 }),
    workshopCompare: (text, a, b, requestOptions) =>
      request('workshopCompare', { text, a, b }, requestOptions),
    workshopRun: (text, variant, requestOptions) => request('workshopRun', { text, variant }, requestOptions),
    workshopPoint: (params, requestOptions) => request('workshopPoint', params, requestOptions),
    workshopFrontier: (points, requestOptions) => request('workshopFrontier', { points }, requestOptions),
    workshopSweepCsv: (points, requestOptions) => request('workshopSweepCsv', { points }, requestOptions),
    profileCompare: (text, profiles, requestOptions) =>
      request('profileCompare', { text, profiles }, requestOptions),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pendingCount: () => pending.size,
    restart(reason) {
      if (connection === null) return;
      const dead = connection;
      connection = null;
      dead.unlisten();
      dead.transport.terminate();
      rejectAll(new ClientError('aborted', reason));
    },
    dispose() {
      isDisposed = true;
      if (connection !== null) {
        connection.unlisten();
        connection.transport.terminate();
        connection = null;
      }
      rejectAll(new ClientError('disposed', 'The simulator has been shut down.'));
    },
  };
}

/** A reply with the items sent ahead of it in `replyPart` messages put back in front of its own. */
function withParts(result: unknown, parts: Map<string, unknown[]>): unknown {
  const whole = { ...(result as Record<string, unknown>) };
  for (const [field, items] of parts) {
    const own = whole[field];
    whole[field] = Array.isArray(own) ? items.concat(own) : items;
  }
  return whole;
}

/**
 * How long a `load` may take before the worker counts as hung: the default plus 15 s per million
 * characters. Loading parses, validates and runs the first session, all linear in the scenario at best:
 * a 7 MB, 4,000-node production snapshot needs several seconds of worker time on a busy machine, and
 * restarting the worker at 15 s would only start it over (issue 13). An endless loop on a big text is
 * still caught, later.
 */
export function loadTimeoutMs(defaultTimeout: number, textLength: number): number {
  return defaultTimeout + Math.ceil((textLength / 1e6) * 15_000);
}
