/**
 * The built-in lessons as scripts (docs/scenario-format.md §14): every built-in scenario has one, every
 * lesson asks at least one question, and the engine's run makes exactly one choice of each question right.
 * A failure here means the lesson's question no longer matches what the scheduler does: fix the lesson.
 */
import { describe, expect, it } from 'vitest';
import { checkExpectations, createSimulation, formatIssue, parseScenario } from '../engine/index';
import { BUILTIN_SCENARIOS } from './builtinScenarios';

describe.each(BUILTIN_SCENARIOS.map((s) => [s.id, s] as const))('lesson %s', (_id, entry) => {
  const parsed = parseScenario(entry.text, { fileName: entry.fileName });
  if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
  const scenario = parsed.scenario;

  it('is a script with at least one question', () => {
    expect(scenario.lesson.length).toBeGreaterThanOrEqual(2);
    expect(scenario.lesson.some((step) => step.ask !== null)).toBe(true);
  });

  it('has exactly one right choice per question, as the engine runs it', () => {
    const sim = createSimulation(scenario);
    while (sim.step()) {
      if (sim.sessionCount() > 500) throw new Error('runaway scenario');
    }
    for (const step of scenario.lesson) {
      if (step.session !== null) expect(step.session, step.path).toBeLessThanOrEqual(sim.sessionCount());
      if (step.ask === null) continue;
      const right = step.ask.choices.filter((c) => checkExpectations(sim, [c.check]).length === 0);
      expect(
        right.map((c) => c.label),
        `${step.path}: ${step.ask.prompt}`,
      ).toHaveLength(1);
    }
  });

  it('selects only pairs that are evictions of the step’s session', () => {
    const sim = createSimulation(scenario);
    while (sim.step()) {
      /* run to the end */
    }
    // The session a step shows (docs/scenario-format.md §14): its own, else where the step before ended
    // (that step's answer when it asked a question).
    let session = 1;
    let previousReveal: number | null = null;
    for (const step of scenario.lesson) {
      session = step.session ?? previousReveal ?? session;
      previousReveal = step.ask?.revealSession ?? null;
      const target = step.select;
      if (target?.kind !== 'pair') continue;
      const evictions = sim
        .snapshot(session)
        .decisions.filter((d) => d.kind === 'evict' && d.job === target.victim && d.by === target.preemptor);
      expect(evictions.length, `${step.path}: ${target.preemptor} evicts ${target.victim}`).toBeGreaterThan(
        0,
      );
    }
  });
});
