import { describe, expect, it } from 'vitest';
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
