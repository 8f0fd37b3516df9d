// @vitest-environment happy-dom
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulationClient } from '../../client/SimulationClient';
import type { JobState } from '../../engine/model/snapshot';
import type { ScenarioSummary } from '../../protocol/messages';
import type { SessionView } from '../../protocol/sessionView';
import { AppStoreProvider } from '../../store/AppStoreProvider';
import { createAppStore } from '../../store/createAppStore';
import { createAppTheme } from '../../ui/theme';
import { JobsTable } from './JobsTable';
import { kaiJob, runningJob, type KaiJobOver } from './testing/kaiJob';
import type { VolcanoJobExtras } from '../../engine/profiles/volcano/jobExtras';

afterEach(cleanup);

/** The table never talks to the worker; a client that refuses everything proves it. */
const offlineClient = new Proxy({} as SimulationClient, {
  get: (_, name) =>
    name === 'subscribe'
      ? () => () => undefined
      : () => Promise.reject(new Error(`unexpected ${String(name)}`)),
});

const lcaResolution = (
  preemptorQueue: string,
  durationMs: number,
  source: string,
  lca: string,
  stepDown: string,
) => ({
  kind: 'reclaim' as const,
  method: 'lca' as const,
  durationMs,
  source,
  preemptorQueue,
  victimQueue: 'research',
  lca,
  stepDown,
  path: [stepDown],
  note: null,
});

/** Under lca, protected from `leaf3` (LCA org → research, 60s from research) until t=15s. */
const fromLeaf3 = {
  resolution: lcaResolution('leaf3', 60_000, 'research', 'org', 'research'),
  protectedUntilMs: 15_000,
  isProtected: true,
  reclaimerQueues: ['leaf3'],
  reclaimerQueueCount: 1,
};

/** A KAI job: its protections go into its extras, as the engine sends them (decision 0316). */
const job = (name: string, over: KaiJobOver = {}): JobState =>
  kaiJob({ ...runningJob(name, 'research'), startedAtMs: -45_000, progressMs: 55_000 }, over, {
    reclaimProtection: { method: 'lca', anyReclaimer: null, byReclaimer: [fromLeaf3], isProtected: true },
  });

function view(jobs: JobState[], timeMs: number): SessionView {
  return {
    index: 2,
    timeMs,
    tasks: [],
    jobs,
    queues: [],
    nodes: [],
    decisions: [],
    trace: { attempts: [], pending: [] },
    figures: {
      gpus: { total: 0, running: 0, pipelined: 0, releasing: 0, idle: 0 },
      tasks: { Pending: 0, Pipelined: 0, Running: 0, Releasing: 0, Succeeded: 0 },
      reserved: { gpus: 0, tasks: 0, jobs: [] },
    },
  };
}

function setup(jobs: JobState[], timeMs: number, summary: ScenarioSummary | null = null) {
  const store = createAppStore({ client: offlineClient, scheduleFrame: (cb) => cb() });
  store.setState((s) => ({
    scenario: { ...s.scenario, summary },
    run: { ...s.run, runId: 1, cursor: 2, snapshot: view(jobs, timeMs) },
  }));
  render(
    <ThemeProvider theme={createAppTheme('light')}>
      <AppStoreProvider store={store}>
        <JobsTable />
      </AppStoreProvider>
    </ThemeProvider>,
  );
  return store;
}

const row = (name: string) => screen.getAllByTestId('jobs-table.row').find((r) => r.dataset.job === name)!;

describe('JobsTable', () => {
  it('shows each job’s protection counting down at the cursor’s time', () => {
    setup(
      [
        job('sweep-1'),
        job('train-b', { startedAtMs: null, running: 0, pending: 2, taskCount: 2, reclaimProtection: null }),
      ],
      10_000,
    );
    expect(within(row('sweep-1')).getByTestId('jobs-table.reclaim').textContent).toContain(
      'protected for another 5s',
    );
    expect(within(row('sweep-1')).getByTestId('jobs-table.reclaim').textContent).toContain(
      'from leaf3 · 1m0s from research · LCA org → research',
    );
    expect(within(row('train-b')).getByText('Pending')).toBeTruthy();
  });

  it('selects a job app-wide on click or Enter, and toggles it off again', () => {
    const store = setup([job('a'), job('b')], 0);
    fireEvent.click(row('b'));
    expect(store.getState().selection.current).toEqual({ kind: 'job', name: 'b' });
    expect(row('b').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(row('b'), { key: 'Enter' });
    expect(store.getState().selection.current).toBeNull();
  });

  it('renders job names as text', () => {
    setup([job('<b>bold</b>')], 0);
    expect(row('<b>bold</b>').querySelector('b')).toBeNull();
  });

  it('under lca shows reclaim protection per waiting reclaimer queue, never one queue-method figure', () => {
    const fromTeamC = {
      resolution: lcaResolution('team-c', 0, 'research', 'org', 'research'),
      protectedUntilMs: -45_000,
      isProtected: false,
      reclaimerQueues: ['team-c', 'team-d'],
      reclaimerQueueCount: 3,
    };
    setup(
      [
        job('sweep-1', {
          reclaimProtection: {
            method: 'lca',
            anyReclaimer: null,
            byReclaimer: [
              fromLeaf3,
              fromTeamC,
              { ...fromLeaf3, reclaimerQueues: ['x1', 'x2'], reclaimerQueueCount: 2 },
            ],
            isProtected: true,
          },
        }),
        job('idle-queue', {
          reclaimProtection: { method: 'lca', anyReclaimer: null, byReclaimer: [], isProtected: false },
        }),
      ],
      10_000,
    );
    const cell = within(row('sweep-1')).getByTestId('jobs-table.reclaim');
    expect(cell.textContent).toContain('protected from leaf3 for another 5s');
    expect(cell.textContent).toContain('not protected from team-c, team-d and 1 more queue (0s)');
    expect(cell.textContent).toContain('and 2 more reclaimer queues (see the inspector)');
    expect(cell.dataset.status).toBe('protected');
    expect(within(row('idle-queue')).getByTestId('jobs-table.reclaim').textContent).toContain(
      'no reclaimer waiting',
    );
  });

  it('the Protected filter keeps the jobs the engine protects from a waiting reclaimer', () => {
    setup(
      [
        job('kept'),
        job('open', {
          reclaimProtection: {
            method: 'lca',
            anyReclaimer: null,
            byReclaimer: [{ ...fromLeaf3, protectedUntilMs: -1_000, isProtected: false }],
            isProtected: false,
          },
        }),
      ],
      10_000,
    );
    fireEvent.click(screen.getByTestId('jobs-table.status.protected'));
    expect(screen.getAllByTestId('jobs-table.row').map((r) => r.dataset.job)).toEqual(['kept']);
    expect(screen.getByText('1 of 2 jobs')).toBeTruthy();
  });

  it('a stopped job shows the time it ran and when it stopped; one job reads "1 job"', () => {
    setup(
      [
        job('sweep-1', {
          running: 0,
          releasing: 1,
          progressMs: 65_000,
          stoppedAtMs: 20_000,
        }),
      ],
      20_000,
    );
    const runtime = within(row('sweep-1')).getByTestId('jobs-table.runtime').textContent;
    expect(runtime).toContain('1m5s');
    expect(runtime).toContain('started t=-45s, stopped t=20s');
    expect(within(row('sweep-1')).getByTestId('jobs-table.reclaim').textContent).toBe('not running');
    expect(screen.getByText('1 job')).toBeTruthy();
    expect(within(row('sweep-1')).getByText('0/1/1 task')).toBeTruthy();
  });

  describe('on a Volcano scenario with the sla plugin', () => {
    const summary: ScenarioSummary = {
      name: 'sla story',
      description: '',
      profile: 'volcano',
      schedulePeriodMs: 1000,
      actions: ['enqueue', 'allocate'],
      plugins: [
        { name: 'gang', tier: 1 },
        { name: 'sla', tier: 1 },
        { name: 'overcommit', tier: 2 },
      ],
      nodeCount: 1,
      queueCount: 1,
      jobCount: 2,
      sessionLimit: 10,
      lesson: [],
    };
    const volcanoJob = (
      name: string,
      over: Partial<JobState>,
      sla: Partial<NonNullable<VolcanoJobExtras['sla']>>,
    ) =>
      job(name, {
        phase: 'Pending',
        running: 0,
        pending: 4,
        taskCount: 4,
        minAvailable: 4,
        startedAtMs: null,
        extras: {
          profile: 'volcano',
          sla: {
            waitingTimeMs: 180_000,
            source: 'argument sla-waiting-time',
            deadlineMs: 180_000,
            expired: false,
            waitedMs: 130_000,
            remainingMs: 50_000,
            ...sla,
          },
          enqueue: { admitted: false, decidedBy: 'overcommit', tier: 2, message: '' },
        } as VolcanoJobExtras,
        ...over,
      });

    it('shows the PodGroup and the live SLA countdown instead of the min-runtime columns', () => {
      setup([volcanoJob('big', {}, {})], 130_000, summary);
      expect(screen.queryByTestId('jobs-table.sort.preempt')).toBeNull();
      expect(screen.queryByTestId('jobs-table.sort.reclaim')).toBeNull();
      expect(screen.queryByTestId('jobs-table.status.protected')).toBeNull();
      const big = within(row('big'));
      expect(big.getByTestId('jobs-table.phase').textContent).toBe('Pending');
      expect(big.getByText(/minAvailable 4 · 0 ready/)).toBeTruthy();
      expect(big.getByTestId('jobs-table.enqueue').textContent).toBe(
        'enqueue: not admitted by overcommit (tier 2)',
      );
      expect(big.getByTestId('jobs-table.sla').textContent).toContain(
        'waiting 2m10s of 3m0s · expires in 50s',
      );
    });

    it('says when the SLA expired, and hides the SLA column when sla is not configured', () => {
      setup(
        [volcanoJob('big', { phase: 'Inqueue' }, { expired: true, waitedMs: 200_000, remainingMs: 0 })],
        200_000,
        summary,
      );
      expect(within(row('big')).getByTestId('jobs-table.sla').textContent).toContain('SLA expired at t=3m0s');
      cleanup();
      setup([volcanoJob('big', {}, {})], 0, { ...summary, plugins: [{ name: 'gang', tier: 1 }] });
      expect(screen.queryByTestId('jobs-table.column.sla')).toBeNull();
      expect(screen.getByTestId('jobs-table.column.podgroup')).toBeTruthy();
    });
    it('shows a Roles column, each role running/minTaskMember, only when a job has roles', () => {
      const roles = [
        { role: 'master', minTaskMember: 1, tasks: 1, running: 1, pipelined: 0 },
        { role: 'worker', minTaskMember: 2, tasks: 3, running: 1, pipelined: 0 },
      ];
      setup([volcanoJob('mpi', { roles }, {}), volcanoJob('plain', {}, {})], 0, summary);
      expect(screen.getByTestId('jobs-table.column.roles').textContent).toBe('Roles');
      const cells = within(row('mpi')).getAllByTestId('jobs-table.role');
      expect(cells.map((c) => c.textContent)).toEqual(['master 1/1', 'worker 1/2 below min']);
      expect(cells[1]?.getAttribute('data-short')).toBe('true');
      expect(within(row('plain')).getByText('no roles')).toBeTruthy();
      cleanup();
      setup([volcanoJob('plain', {}, {})], 0, summary);
      expect(screen.queryByTestId('jobs-table.column.roles')).toBeNull();
    });
  });
});
