/**
 * The golden trace document of one scenario file (its path and text): every session's decisions and full trace, as JSON with
 * one-space indent. `mapTrace` lets the shape-move check (legacyShape.test.ts) write the old shape.
 */
import { parseScenario, runScenario } from '../../index';
import type { SessionTrace } from '../../model/trace';

export function goldenDocument(
  file: string,
  text: string,
  mapTrace: (t: SessionTrace) => unknown = (t) => t,
): string {
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(`${file} does not parse`);
  const sim = runScenario(parsed.scenario);
  const sessions = [];
  for (let i = 1; i <= sim.sessionCount(); i++) {
    const s = sim.snapshot(i);
    sessions.push({ index: i, decisions: s.decisions, trace: mapTrace(s.trace) });
  }
  return `${JSON.stringify({ file, sessions }, null, 1)}\n`;
}
