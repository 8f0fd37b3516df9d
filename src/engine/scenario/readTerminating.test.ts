/**
 * `deletionTimestamp` and `stuckInReleasingThreshold` (§23.4): read, bounded with located errors, refused
 * outside the kai profile, and written back. The scheduling cases are the conformance files HT1..HT7.
 */
import { describe, expect, it } from 'vitest';
import { normaliseScenarioDocument, parseScenario, serialiseScenario } from '../index';

const head = 'version: 1\nnodes: [{name: n0, resources: {gpu: 1}}]\nqueues: [{name: q}]\n';
const job = (task: string) => `${head}jobs:\n  - {name: j, queue: q, submitAt: -1m, tasks: [${task}]}\n`;

function errorsOf(text: string): { path: string; line: number | null; message: string }[] {
  const r = parseScenario(text);
  return r.ok ? [] : r.errors.map((e) => ({ path: e.path, line: e.line ?? null, message: e.message }));
}

describe('deletionTimestamp', () => {
  it('reads a Running pod terminating since before the run', () => {
    const r = parseScenario(job('{status: Running, node: n0, deletionTimestamp: -3m}'));
    expect(r.ok && r.scenario.jobs[0]?.tasks[0]?.deletionTimestampMs).toBe(-180_000);
  });

  it('may lie ahead (request time + grace period), within the format bound, errors at its path and line', () => {
    const ahead = parseScenario(job('{status: Running, node: n0, deletionTimestamp: 30s}'));
    expect(ahead.ok && ahead.scenario.jobs[0]?.tasks[0]?.deletionTimestampMs).toBe(30_000);
    const bad = errorsOf(job('{status: Running, node: n0, deletionTimestamp: soon}'));
    expect(bad[0]?.path).toBe('jobs[0].tasks[0].deletionTimestamp');
    expect(bad[0]?.line).toBe(5);
    const far = errorsOf(job('{status: Running, node: n0, deletionTimestamp: -10001h}'));
    expect(far[0]?.path).toBe('jobs[0].tasks[0].deletionTimestamp');
    expect(errorsOf(job('{status: Running, node: n0, deletionTimestamp: 5}'))[0]?.path).toBe(
      'jobs[0].tasks[0].deletionTimestamp',
    );
  });

  it('needs a Running task', () => {
    const e = errorsOf(job('{deletionTimestamp: -1m}'));
    expect(e.map((x) => x.path)).toEqual(['jobs[0].tasks[0].deletionTimestamp']);
    expect(e[0]?.message).toContain('needs a Running task');
  });

  it('is refused outside the kai profile, naming the field', () => {
    for (const profile of ['volcano', 'kube-batch']) {
      const r = normaliseScenarioDocument({
        version: 1,
        profile,
        nodes: [{ name: 'n0', resources: { gpu: 1 } }],
        queues: [{ name: 'q' }],
        scheduler: { stuckInReleasingThreshold: '5m' },
        jobs: [
          { name: 'j', queue: 'q', tasks: [{ status: 'Running', node: 'n0', deletionTimestamp: '-1m' }] },
        ],
      });
      expect(r.ok).toBe(false);
      if (!r.ok)
        expect(r.errors.map((e) => e.path)).toEqual(
          expect.arrayContaining([
            'scheduler.stuckInReleasingThreshold',
            'jobs[0].tasks[0].deletionTimestamp',
          ]),
        );
    }
  });
});

describe('stuckInReleasingThreshold', () => {
  it('is a positive duration at its path', () => {
    const e = errorsOf(`${head}scheduler: {stuckInReleasingThreshold: 0s}\njobs: []\n`);
    expect(e[0]?.path).toBe('scheduler.stuckInReleasingThreshold');
    expect(e[0]?.line).toBe(4);
  });

  it('also comes through an updateConfig event', () => {
    const r = parseScenario(
      `${head}jobs: []\nevents: [{at: 10s, updateConfig: {stuckInReleasingThreshold: 30s}}]\n`,
    );
    expect(r.ok && r.scenario.events[0]).toMatchObject({ patch: { stuckInReleasingThresholdMs: 30_000 } });
  });
});

describe('round trip', () => {
  it('writes both fields back', () => {
    const r = parseScenario(
      `${head}scheduler: {stuckInReleasingThreshold: 10m}\njobs:\n  - {name: j, queue: q, submitAt: -1m, tasks: [{status: Running, node: n0, deletionTimestamp: -2m30s}]}\n`,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const again = parseScenario(serialiseScenario(r.scenario));
    expect(again.ok && again.scenario.scheduler.stuckInReleasingThresholdMs).toBe(600_000);
    expect(again.ok && again.scenario.jobs[0]?.tasks[0]?.deletionTimestampMs).toBe(-150_000);
  });
});
