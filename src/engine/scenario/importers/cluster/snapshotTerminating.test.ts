/**
 * Terminating pods in a KAI snapshot (§17, §23.4, decision 0305): a pod's `metadata.deletionTimestamp` becomes
 * the task's `deletionTimestamp` (relative to the snapshot's now) with `metadata.deletionGracePeriodSeconds`
 * as `deletionGracePeriod`; the deletion then completes during the run at its deletionTimestamp when that is
 * not past at t=0. A pod being deleted on no node is left out (KAI counts it Releasing and never places it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importClusterBytes, parseScenario, runScenario } from '../../../index';

type Json = Record<string, unknown>;
const FIXTURE = join(__dirname, 'fixtures', 'reclaim-min-runtime.snapshot.json');

/** The fixture (now = 2026-03-02T09:30:00Z) with three pods being deleted. */
function snapshot(): Json {
  const s = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Json;
  const pods = (s.rawObjects as Record<string, Json[]>).pods as Json[];
  const meta = (name: string) => pods.find((p) => (p.metadata as Json).name === name)?.metadata as Json;
  // Deleted at 09:29:50 with a 30 s grace period: the deadline is 20 s ahead of now.
  Object.assign(meta('sweep-1-0'), {
    deletionTimestamp: '2026-03-02T09:30:20Z',
    deletionGracePeriodSeconds: 30,
  });
  // Past its deadline by 5 minutes and still listed: held by something the snapshot does not show.
  Object.assign(meta('serving-a-0'), { deletionTimestamp: '2026-03-02T09:25:00Z' });
  // A pending pod being deleted.
  Object.assign(meta('train-b-1'), {
    deletionTimestamp: '2026-03-02T09:30:30Z',
    deletionGracePeriodSeconds: 30,
  });
  return s;
}

function imported() {
  const r = importClusterBytes(strToU8(JSON.stringify(snapshot())), {
    fileName: 'snapshot.json',
    redact: false,
  });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  const p = parseScenario(r.text);
  if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('\n'));
  return { r, scenario: p.scenario };
}

describe('terminating pods in a KAI snapshot', () => {
  it('maps deletionTimestamp and its grace period onto the task, and leaves out a pending one', () => {
    const { r, scenario } = imported();
    const task = (job: string) => scenario.jobs.find((j) => j.name === job)?.tasks ?? [];
    expect(task('sweep-1')[0]).toMatchObject({ deletionTimestampMs: 20_000, deletionGracePeriodMs: 30_000 });
    expect(task('serving-a')[0]?.deletionTimestampMs).toBe(-300_000);
    expect(task('serving-a')[0]?.deletionGracePeriodMs).toBeUndefined();
    // train-b keeps one pod of its minMember 2, none running: the importer leaves such a group out (KAI waits).
    expect(scenario.jobs.some((j) => j.name === 'train-b')).toBe(false);
    const notes = r.notes.join('\n');
    expect(notes).toContain('2 terminating pod(s) (metadata.deletionTimestamp) run as terminating');
    expect(notes).toContain(
      '1 of them have no metadata.deletionGracePeriodSeconds: terminating for the whole run',
    );
    expect(notes).toContain('1 terminating pod(s) on no node left out');
    expect(notes).toContain('1 pod group(s) have fewer pods than minMember and none running');
    expect(r.unmapped.map((g) => g.what).join('\n')).not.toContain('deletionTimestamp');
    expect(r.text).toContain('deletionGracePeriod: 30s');
  });

  it('ends the deletion at its deletionTimestamp; the overdue pod stays terminating', () => {
    const { scenario } = imported();
    const sim = runScenario({ ...scenario, run: { ...scenario.run, maxSessions: 5, untilMs: null } });
    const statuses = (i: number) => new Map(sim.snapshot(i).tasks.map((t) => [t.name, t]));
    // t=0 and t=10s: both pods terminating (KAI: Releasing, and StuckInReleasing past the 2m threshold).
    expect(statuses(1).get('sweep-1-0')?.terminating?.status).toBe('Releasing');
    expect(statuses(1).get('serving-a-0')?.terminating?.status).toBe('StuckInReleasing');
    expect(sim.snapshot(2).decisions.filter((d) => d.action === 'termination')).toEqual([]);
    // t=20s, session 3: sweep-1-0's deletion completes before the session opens.
    const ended = sim.snapshot(3).decisions.filter((d) => d.action === 'termination');
    expect(ended.map((d) => [d.task, d.kind, d.node])).toEqual([['sweep-1-0', 'evict', 'node-0']]);
    expect(ended[0]?.reason).toContain('deleted at t=-10s with a 30s grace period');
    expect(statuses(3).get('sweep-1-0')?.terminating).toBeUndefined();
    expect(statuses(3).get('serving-a-0')?.terminating?.status).toBe('StuckInReleasing');
    for (let i = 4; i <= sim.sessionCount(); i++)
      expect(sim.snapshot(i).decisions.filter((d) => d.action === 'termination')).toEqual([]);
  });
});
