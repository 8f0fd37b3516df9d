// @vitest-environment happy-dom
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulationClient } from '../../client/SimulationClient';
import type { JobState } from '../../engine/model/snapshot';
import type { SessionView } from '../../protocol/sessionView';
import { AppStoreProvider } from '../../store/AppStoreProvider';
import { createAppStore } from '../../store/createAppStore';
import { createAppTheme } from '../../ui/theme';
import { JobInspector } from './JobInspector';

afterEach(cleanup);

/** A job submitted by an event at t=1m (issue 18), still pending at t=1m30s. */
const arrival: JobState = {
  name: 'arrives-later',
  queue: 'research',
  phase: 'Pending',
  priority: 50,
  priorityClassName: 'train',
  preemptible: true,
  minAvailable: 1,
  taskCount: 1,
  running: 0,
  pipelined: 0,
  pending: 1,
  releasing: 0,
  succeeded: 0,
  submitAtMs: 60_000,
  startedAtMs: null,
  progressMs: 0,
  stoppedAtMs: null,
  runtimeMs: null,
  isElastic: false,
  preemptProtection: null,
  reclaimProtection: null,
};

const session: SessionView = {
  index: 91,
  timeMs: 90_000,
  tasks: [],
  jobs: [arrival],
  queues: [],
  nodes: [],
  decisions: [],
  trace: { attempts: [], pending: [] },
};

/** The inspector asks the worker nothing until "Why?" is pressed; a client that refuses everything proves it. */
const offlineClient = new Proxy({} as SimulationClient, {
  get: (_, name) =>
    name === 'subscribe'
      ? () => () => undefined
      : () => Promise.reject(new Error(`unexpected ${String(name)}`)),
});

describe('JobInspector', () => {
  it('draws the submit time the engine reports (an event-submitted job at its event time), not one of its own', () => {
    render(
      <AppStoreProvider store={createAppStore({ client: offlineClient, scheduleFrame: (cb) => cb() })}>
        <ThemeProvider theme={createAppTheme('light')}>
          <JobInspector job={arrival} snapshot={session} onClose={() => undefined} />
        </ThemeProvider>
      </AppStoreProvider>,
    );
    expect(screen.getByText(/Submitted t=1m0s/)).toBeTruthy();
    expect(screen.queryByText(/Submitted t=0s/)).toBeNull();
  });
});
