/**
 * One parser-fuzz case: parse + validate the text and, when it is accepted, run its first few sessions.
 * Classifies the outcome (accepted, rejected, crash) and, for rejections, checks that every error names
 * a field path (or, for YAML syntax errors, a line). The caller passes the clock so this stays pure.
 */
import { createSimulation, parseScenario } from '../../index';
import { UnsupportedError } from '../../registry';

/** Sessions run after a successful parse: enough to reach fair share, preempt and reclaim. */
export const FUZZ_SESSIONS = 3;
/** A case slower than this is a hang. */
export const HANG_MS = 2000;

/** `violation`: a property of the input's meaning broke (the Kubernetes fuzz: a GPU asked for was lost). */
export type MutationOutcome = 'accepted' | 'rejected' | 'crash' | 'unlocated' | 'violation';

export interface MutationResult {
  outcome: MutationOutcome;
  ms: number;
  /** For crashes and unlocated errors: what happened. */
  detail: string | null;
}

export function checkMutatedText(text: string, now: () => number): MutationResult {
  const start = now();
  const done = (outcome: MutationOutcome, detail: string | null = null): MutationResult => ({
    outcome,
    ms: now() - start,
    detail,
  });
  try {
    const parsed = parseScenario(text);
    if (!parsed.ok) {
      const unlocated = parsed.errors.filter(
        // A line is a location too (the reader's own errors, nesting it cannot follow): the person is told where.
        (e) => e.path === '' && e.line === null && e.code !== 'not-a-mapping',
      );
      if (parsed.errors.length === 0) return done('unlocated', 'rejected with no error');
      if (unlocated.length > 0)
        return done(
          'unlocated',
          unlocated
            .map((e) => `${e.code}: ${e.message}`)
            .join('; ')
            .slice(0, 300),
        );
      return done('rejected');
    }
    const sim = createSimulation(parsed.scenario);
    for (let i = 0; i < FUZZ_SESSIONS && sim.step(); i++) sim.snapshot(sim.sessionCount());
    return done('accepted');
  } catch (error) {
    // A valid scenario the engine does not implement (Volcano today) is a clean refusal, not a crash.
    if (error instanceof UnsupportedError) return done('rejected');
    return done(
      'crash',
      error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error),
    );
  }
}
