/**
 * Kueue's resolved card figures (decision 0298), on gallery lesson kueue-1: in session 1 research borrows
 * prod's idle quota (4 GPUs above its nominal 4), and prod lends all of its unused 4 (no lending limit).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario } from '../../index';
import type { KueueQueueFigures } from './queueFigures';

const FILE = join(__dirname, '../../../scenarios/kueue-1-borrow-then-reclaim.yaml');

function figures(text: string, session: number): Map<string, KueueQueueFigures> {
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const sim = runScenario(parsed.scenario);
  return new Map(sim.snapshot(session).queues.map((q) => [q.name, q.resolved as KueueQueueFigures]));
}

describe('Kueue card figures', () => {
  const text = readFileSync(FILE, 'utf8');

  it('says what a ClusterQueue borrows above its nominal quota and what its cohort may borrow from it', () => {
    const f = figures(text, 1);
    expect(f.get('research')).toMatchObject({
      profile: 'kueue',
      kind: 'clusterQueue',
      cohort: 'org',
      nominal: { gpu: 4, cpu: 32 },
      borrowed: { gpu: 4, cpu: 0 },
      lendable: { gpu: 0 },
      borrowingLimit: { gpu: null, cpu: null, memory: null },
    });
    expect(f.get('prod')).toMatchObject({ kind: 'clusterQueue', borrowed: { gpu: 0 }, lendable: { gpu: 4 } });
    expect(f.get('org')).toMatchObject({
      kind: 'cohort',
      cohort: null,
      nominal: { gpu: 8 },
      borrowed: { gpu: 0 },
    });
  });

  it('reads written borrowing and lending limits, summed over flavors', () => {
    const limited = text.replace(
      '- { name: gpu, nominalQuota: 4 }\n                - { name: cpu, nominalQuota: 32 }\n      preemption',
      '- { name: gpu, nominalQuota: 4, borrowingLimit: 1, lendingLimit: 3 }\n                - { name: cpu, nominalQuota: 32 }\n      preemption',
    );
    expect(limited).not.toBe(text);
    const prod = figures(limited, 1).get('prod');
    expect(prod?.borrowingLimit.gpu).toBe(1);
    expect(prod?.lendingLimit.gpu).toBe(3);
    // Unused 4, of which it lends at most 3.
    expect(prod?.lendable.gpu).toBe(3);
  });

  it('carries no fair-sharing figures when fair sharing is off (kueue-1)', () => {
    const f = figures(text, 1);
    expect(f.get('research')?.fairSharing).toBeNull();
    expect(f.get('org')?.fairSharing).toBeNull();
  });

  it("carries each ClusterQueue's weight and DRS share as the session computed them (kueue-2)", () => {
    const fair = readFileSync(join(__dirname, '../../../scenarios/kueue-2-fair-sharing.yaml'), 'utf8');
    const f = figures(fair, 1);
    // The lesson's step 1: speech uses 8 GPUs on a nominal 2, borrowing 6 of the 8 the cohort could lend
    // it: 6 ÷ 8 ÷ weight 1 = 0.75 (fair_sharing.go:149-182); vision borrows nothing.
    expect(f.get('speech')?.fairSharing).toEqual({ weight: 1, share: 0.75, dominantResource: 'gpu' });
    expect(f.get('vision')?.fairSharing).toMatchObject({ share: 0, dominantResource: '' });
    // The root cohort has no cohort to share with: no share.
    expect(f.get('org')?.fairSharing).toBeNull();
  });
});
