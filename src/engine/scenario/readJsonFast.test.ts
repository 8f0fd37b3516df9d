import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { hasRepeatedKey, readJsonFast } from './readJsonFast';
import { parseScenario } from './parseScenario';

const scenario = {
  version: 1,
  nodes: [{ name: 'n', resources: { gpu: 8 } }],
  queues: [{ name: 'q', resources: { gpu: { quota: 8 } } }],
  jobs: [{ name: 'j', queue: 'q', resources: { gpu: 1 }, tasks: 2 }],
};

describe('readJsonFast', () => {
  it('reads plain JSON objects and leaves everything else to the YAML reader', () => {
    expect(readJsonFast(' {"a": [1, {"b": "c"}]}')).toEqual({ a: [1, { b: 'c' }] });
    expect(readJsonFast('a: 1')).toBeNull();
    expect(readJsonFast('[1, 2]')).toBeNull();
    expect(readJsonFast('{"a": 1,}')).toBeNull();
    expect(readJsonFast('{"__proto__": {"x": 1}}')).toBeNull();
  });

  it('finds a repeated key in any object, escaped spellings included, and not across objects', () => {
    expect(hasRepeatedKey('{"a": 1, "b": {"a": 2}, "c": [{"a": 1}, {"a": 2}]}')).toBe(false);
    expect(hasRepeatedKey('{"a": 1, "b": {"x": "a", "x": 2}}')).toBe(true);
    expect(hasRepeatedKey('{"a": 1, "\\u0061": 2}')).toBe(true);
    expect(hasRepeatedKey('{"k": "a\\"b", "l": ["k", "k"]}')).toBe(false);
    expect(readJsonFast('{"a": 1, "a": 2}')).toBeNull();
  });

  it('finds a repeated key exactly where the YAML reader does, in narrow, wide and nested objects', () => {
    // Keys from a small alphabet (so repeats happen), some spelled with an escape; objects up to 40 keys wide,
    // past the point where the keys of one object go into a set.
    const key = fc.constantFrom('a', 'b', 'c', 'k', 'name', '\\u0061', 'x\\"y').map((k) => `"${k}"`);
    const { value } = fc.letrec<{ value: string }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('1', '"a"', 'true', 'null', '"k"'),
        fc
          .array(fc.tuple(key, tie('value')), { maxLength: 40 })
          .map((entries) => `{${entries.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
        fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(', ')}]`),
      ),
    }));
    // A wide object of distinct keys, maybe with one of them repeated anywhere after its first place: the
    // repeat then lies past the point where the object's keys went into a set, or before it.
    const wide = fc
      .record({
        names: fc.uniqueArray(fc.integer({ min: 0, max: 80 }), { minLength: 17, maxLength: 40 }),
        repeat: fc.option(fc.tuple(fc.nat(), fc.nat())),
        inner: value,
      })
      .map(({ names, repeat, inner }) => {
        const keys = names.map((n) => `"k${n}"`);
        if (repeat !== null) {
          const [which, where] = repeat;
          const first = which % keys.length;
          keys.splice(first + 1 + (where % (keys.length - first)), 0, keys[first] as string);
        }
        return `{${keys.map((k, i) => `${k}: ${i === 0 ? inner : i}`).join(', ')}}`;
      });
    const object = fc.oneof(
      fc
        .array(fc.tuple(key, fc.oneof(value, wide)), { maxLength: 40 })
        .map((entries) => `{${entries.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
      wide,
    );
    fc.assert(
      fc.property(object, (text) => {
        const yamlRepeats = parseDocument(text).errors.some((e) => e.code === 'DUPLICATE_KEY');
        expect(hasRepeatedKey(text)).toBe(yamlRepeats);
      }),
      { numRuns: 400, seed: 20_261_128 },
    );
  });

  it('gives parseScenario the same scenario as the YAML reading, and located errors when invalid', () => {
    const json = JSON.stringify(scenario);
    // The same document as YAML block text (not JSON), so it takes the YAML path.
    const yaml = [
      'version: 1',
      'nodes: [{name: n, resources: {gpu: 8}}]',
      'queues: [{name: q, resources: {gpu: {quota: 8}}}]',
      'jobs: [{name: j, queue: q, resources: {gpu: 1}, tasks: 2}]',
      '',
    ].join('\n');
    const fast = parseScenario(json);
    const slow = parseScenario(yaml);
    expect(fast.ok && slow.ok).toBe(true);
    if (fast.ok && slow.ok) expect(fast.scenario).toEqual(slow.scenario);
    // A bad value in JSON text is still reported with its line (read again the YAML way).
    const bad = parseScenario(JSON.stringify({ ...scenario, jobs: [{ name: 'j', queue: 'nope' }] }, null, 1));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]?.line).toBeGreaterThan(1);
    // A repeated key in JSON text is the YAML reader's error, not a silent override.
    const dup = parseScenario('{"version": 1, "version": 1, "nodes": [], "queues": [{"name": "q"}]}');
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.errors[0]?.message).toContain('unique');
  });
});
