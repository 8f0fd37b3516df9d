import { describe, expect, it } from 'vitest';
import type { ProtectionState } from '../../engine/model/protection';
import type { MinRuntimeResolution } from '../../engine/model/trace';
import { describeOrigin, describeProtection } from './describeProtection';

const resolution = (over: Partial<MinRuntimeResolution> = {}): MinRuntimeResolution => ({
  kind: 'reclaim',
  method: 'lca',
  durationMs: 60_000,
  source: 'd',
  preemptorQueue: 'leaf1',
  victimQueue: 'leaf3',
  lca: 'b',
  stepDown: 'd',
  path: ['d'],
  note: null,
  ...over,
});

const protection = (over: Partial<ProtectionState> = {}): ProtectionState => ({
  resolution: resolution(),
  protectedUntilMs: 60_000,
  isProtected: true,
  ...over,
});

describe('describeProtection', () => {
  it('counts down while the engine says the job is protected', () => {
    const view = describeProtection(protection(), 18_000);
    expect(view).toMatchObject({
      status: 'protected',
      headline: 'protected for another 42s',
      remainingMs: 42_000,
    });
    // Under lca the origin names the LCA and the step down toward the victim, as the engine resolved them.
    expect(view.origin).toBe('1m0s from d · LCA b → d');
  });

  it('names the instant protection ended', () => {
    const view = describeProtection(protection({ isProtected: false, protectedUntilMs: 61_000 }), 90_000);
    expect(view).toMatchObject({ status: 'expired', headline: 'unprotected since t=1m1s' });
  });

  it('distinguishes a zero duration, a job that never started and a missing protection', () => {
    expect(describeProtection(protection({ resolution: resolution({ durationMs: 0 }) }), 0).status).toBe(
      'none',
    );
    expect(describeProtection(protection({ protectedUntilMs: null, isProtected: false }), 0).status).toBe(
      'not-started',
    );
    expect(describeProtection(null, 0).status).toBe('unknown');
  });

  it('credits the plugin default when no queue sets a value', () => {
    expect(
      describeOrigin(resolution({ kind: 'preempt', method: null, source: 'default', durationMs: 600_000 })),
    ).toBe('10m0s from the plugin default');
  });
});
