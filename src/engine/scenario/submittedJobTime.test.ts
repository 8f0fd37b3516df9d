/**
 * A job submitted by an event is created at the event's `at` (issue 18, docs §6): that is its submitAt, read
 * by the metrics' waits, job and victim order, Volcano's sla and the jobs table. Before, it kept submitAt 0s.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario, runMetrics, runScenario, serialiseScenario } from '../index';
import type { Scenario } from '../model/scenario';

const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;
function parse(text: string): Scenario {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
  return r.scenario;
}

// One 1-GPU node held for ever by `busy`; `late` (1 GPU) arrives at t=60s and waits from then on.
const ARRIVAL = yaml(
  'version: 1',
  'nodes: [{name: n, resources: {gpu: 1}}]',
  'queues: [{name: q}]',
  'jobs:',
  '  - {name: busy, queue: q, resources: {gpu: 1}}',
  'events:',
  '  - {at: 60s, submit: {name: late, queue: q, resources: {gpu: 1}}}',
  'run: {until: 65s}',
);

describe('a job submitted by an event is submitted at its event', () => {
  it("takes the event's time as its submitAt", () => {
    const s = parse(ARRIVAL);
    const event = s.events[0];
    expect(event?.kind === 'submit' ? event.job.submitAtMs : null).toBe(60_000);
    const snap = runScenario(s).snapshot(61);
    expect(snap.jobs.find((j) => j.name === 'late')?.submitAtMs).toBe(60_000);
  });

  it('waits from its arrival in the metrics: 0s at t=60s, 5s at t=65s, never longer than since it was submitted', () => {
    const s = parse(ARRIVAL);
    const metrics = runMetrics(runScenario(s, { record: 'metrics' }));
    const at = (ms: number) => metrics.sessions.find((x) => x.timeMs === ms);
    expect(at(60_000)?.cluster.waitP95Ms).toBe(0);
    expect(at(65_000)?.cluster.waitP95Ms).toBe(5_000);
    // Only `late` ever waits: no wait is longer than the time since it was submitted.
    for (const session of metrics.sessions) {
      const wait = session.cluster.waitP95Ms;
      if (wait !== null) expect(wait).toBeLessThanOrEqual(session.timeMs - 60_000);
      if (session.timeMs >= 60_000) expect(session.queues[0]?.pendingJobs).toBe(1);
    }
  });

  it('serialises without a submitAt inside the event, and reads back the same', () => {
    const s = parse(ARRIVAL);
    const text = serialiseScenario(s);
    expect(text).not.toContain('submitAt');
    expect(parse(text)).toEqual(s);
  });

  it('accepts a submitAt equal to its `at`, and rejects another with its field path', () => {
    const equal = ARRIVAL.replace('{name: late,', '{name: late, submitAt: 1m,');
    expect(parse(equal).events).toEqual(parse(ARRIVAL).events);
    const other = parseScenario(ARRIVAL.replace('{name: late,', '{name: late, submitAt: 30s,'));
    expect(other.ok).toBe(false);
    if (other.ok) return;
    expect(other.errors.map((e) => [e.code, e.path, e.line])).toEqual([
      ['invalid-event', 'events[0].submit.submitAt', 7],
    ]);
    expect(other.errors[0]?.message).toContain("created at the event's time (at: 1m0s)");
  });

  it('orders KAI jobs by when they arrived: an earlier event wins over a later one listed first', () => {
    // Both arrive before the session at t=2s and ask for its only GPU. Before, both had submitAt 0 and the
    // name decided (`a-late` first); now `b-early`, submitted at 0.5s, is first in line.
    const s = parse(
      yaml(
        'version: 1',
        'scheduler: {schedulePeriod: 2s}',
        'nodes: [{name: n, resources: {gpu: 1}}]',
        'queues: [{name: q}]',
        'events:',
        '  - {at: 1500ms, submit: {name: a-late, queue: q, resources: {gpu: 1}}}',
        '  - {at: 500ms, submit: {name: b-early, queue: q, resources: {gpu: 1}}}',
        'run: {sessions: 2}',
      ),
    );
    const snap = runScenario(s).snapshot(2);
    expect(snap.decisions.map((d) => `${d.kind} ${d.task}`)).toEqual(['bind b-early-0']);
  });
});
