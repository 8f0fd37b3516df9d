/**
 * A snapshot is whatever a person drops on the window: `importClusterBytes` must answer every file with a
 * result — `ok: false` with errors, or `ok: true` with a scenario the parser reads and the engine runs — and
 * never throw (docs/scenario-format.md §17.4). The files here are the four fixture snapshots with one value
 * replaced by another of any type, one key removed, or the bytes cut, zipped or not, redacted or not; and
 * one of them as a node-pool shard's snapshot.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createSimulation, importClusterBytes, parseScenario } from '../../../index';
import { SHAPES } from './fixtures/shapes';

const FIXTURES = SHAPES.map((shape) =>
  JSON.parse(readFileSync(join(__dirname, 'fixtures', `${shape}.snapshot.json`), 'utf8')),
) as Record<string, unknown>[];

/** The first fixture as one shard's snapshot (§17.7): partitioned by the node-pool label, objects labelled. */
function sharded(snapshot: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(snapshot);
  const label = { 'kai.scheduler/node-pool': 'a100' };
  copy.schedulerParams = {
    ...(copy.schedulerParams as object),
    partitionParams: { NodePoolLabelKey: 'kai.scheduler/node-pool', NodePoolLabelValue: 'a100' },
  };
  const raw = copy.rawObjects as Record<string, { metadata: { labels?: object } }[] | null>;
  for (const list of ['nodes', 'queues', 'podGroups'])
    for (const o of raw[list] ?? []) o.metadata.labels = { ...o.metadata.labels, ...label };
  return copy;
}

const SNAPSHOTS: unknown[] = [...FIXTURES, sharded(FIXTURES[0] as Record<string, unknown>)];

type Mutation =
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'remove'; pick: number }
  | { kind: 'cut'; at: number };

/** Every [container, key] pair of a JSON value, depth first, in a stable order. */
function slots(value: unknown, out: [Record<string, unknown> | unknown[], string | number][] = []) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push([value, i]);
      slots(v, out);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push([value as Record<string, unknown>, k]);
      slots(v, out);
    }
  }
  return out;
}

function mutated(snapshot: unknown, m: Mutation): Uint8Array {
  const copy = structuredClone(snapshot);
  if (m.kind === 'cut') {
    const text = JSON.stringify(copy);
    return strToU8(text.slice(0, m.at % (text.length + 1)));
  }
  const all = slots(copy);
  const [container, key] = all[m.pick % all.length]!;
  if (m.kind === 'replace') (container as Record<string | number, unknown>)[key] = m.value;
  else if (Array.isArray(container)) container.splice(key as number, 1);
  else delete (container as Record<string, unknown>)[key as string];
  return strToU8(JSON.stringify(copy));
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
);

describe('importClusterBytes on damaged snapshots', () => {
  it('answers every file with errors or a scenario that parses and runs, and never throws', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: SNAPSHOTS.length - 1 }),
        mutation,
        fc.boolean(),
        fc.boolean(),
        (which, m, zipped, redact) => {
          const json = mutated(SNAPSHOTS[which], m);
          const bytes = zipped ? zipSync({ 'snapshot.json': json }) : json;
          const result = importClusterBytes(bytes, { fileName: 'snapshot.zip', redact });
          if (!result.ok) {
            expect(result.errors.length).toBeGreaterThan(0);
            for (const e of result.errors) expect(typeof e).toBe('string');
            return;
          }
          const parsed = parseScenario(result.text, { fileName: 'imported.yaml' });
          if (!parsed.ok) return; // refused with field paths, like any scenario
          const sim = createSimulation(parsed.scenario);
          for (let i = 0; i < 3 && sim.step(); i++);
        },
      ),
      { numRuns: 150, seed: 20261127 },
    );
  });
});
