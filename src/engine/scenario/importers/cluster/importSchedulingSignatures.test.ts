/**
 * A KAI snapshot's `schedulerParams.useSchedulingSignatures` (decision 0353): upstream writes the session's
 * SchedulerParams with omitempty, so a scheduler at the default (true) writes true and false is left out.
 * True maps to `scheduler.useSchedulingSignatures: true`; absent or false keeps the lab's default, false.
 * The field is KAI's only: another profile refuses it at its path.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importClusterBytes, parseScenario } from '../../../index';

const fixture = () =>
  JSON.parse(
    readFileSync(join(__dirname, 'fixtures', 'reclaim-min-runtime.snapshot.json'), 'utf8'),
  ) as Record<string, Record<string, unknown>>;

function imported(params: Record<string, unknown>) {
  const snap = fixture();
  snap.schedulerParams = { ...snap.schedulerParams, ...params };
  const r = importClusterBytes(strToU8(JSON.stringify(snap)), { fileName: 's.json', redact: false });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  const p = parseScenario(r.text);
  if (!p.ok) throw new Error(p.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return { text: r.text, unmapped: JSON.stringify(r.unmapped), scheduler: p.scenario.scheduler };
}

describe('KAI snapshot useSchedulingSignatures', () => {
  it('maps true, and is not listed as unmapped', () => {
    const r = imported({ useSchedulingSignatures: true });
    expect(r.scheduler.useSchedulingSignatures).toBe(true);
    expect(r.text).toContain('useSchedulingSignatures: true');
    expect(r.unmapped).not.toContain('useSchedulingSignatures');
  });

  it('keeps the default (off) when the snapshot says false or nothing', () => {
    expect(imported({ useSchedulingSignatures: false }).scheduler.useSchedulingSignatures).toBeUndefined();
    const snap = imported({});
    expect(snap.scheduler.useSchedulingSignatures).toBeUndefined();
    expect(snap.text).not.toContain('useSchedulingSignatures');
  });

  it('is refused under another profile, at its field path', () => {
    const p = parseScenario(
      'version: 1\nname: t\nprofile: volcano\nscheduler:\n  useSchedulingSignatures: true\nnodes: []\nqueues: []\n',
    );
    expect(p.ok).toBe(false);
    if (!p.ok)
      expect(p.errors.map((e) => `${e.path}: ${e.message}`).join('\n')).toMatch(
        /scheduler\.useSchedulingSignatures.*profile volcano has no such rule/,
      );
  });

  it('is read as a boolean only', () => {
    const p = parseScenario(
      'version: 1\nname: t\nprofile: kai\nscheduler:\n  useSchedulingSignatures: yes please\nnodes: []\nqueues: []\n',
    );
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.errors.map((e) => e.path).join(' ')).toContain('scheduler.useSchedulingSignatures');
  });
});
