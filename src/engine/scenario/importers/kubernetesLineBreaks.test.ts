/**
 * The Kubernetes import reads line breaks as the scenario parser does (CR, CR LF and LF alike) and never
 * prints the yaml package's warnings (issue 18, decision 0121).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importKubernetesYaml } from './importKubernetesYaml';

const LINES = [
  'apiVersion: v1',
  'kind: Node',
  'metadata:',
  '  name: n1',
  '  labels: {zone: a}',
  'status:',
  '  allocatable: {nvidia.com/gpu: "4", cpu: "8"}',
  '---',
  'apiVersion: v1',
  'kind: Node',
  'metadata: {name: n2}',
];

describe('Kubernetes YAML line breaks', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  for (const [name, br] of [
    ['CR LF', '\r\n'],
    ['lone CR', '\r'],
  ] as const) {
    it(`a file with ${name} line breaks imports as with LF`, () => {
      const lf = importKubernetesYaml(`${LINES.join('\n')}\n`);
      expect(lf.ok).toBe(true);
      expect(importKubernetesYaml(`${LINES.join(br)}${br}`)).toEqual(lf);
    });
  }

  it('a key that is a list prints no warning on stderr or the console', () => {
    const emitted: unknown[] = [];
    vi.spyOn(process, 'emitWarning').mockImplementation((w: unknown) => void emitted.push(w));
    vi.spyOn(console, 'warn').mockImplementation((w: unknown) => void emitted.push(w));
    importKubernetesYaml(
      'apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n  labels:\n    ? [a]\n    : 1\n',
    );
    expect(emitted).toEqual([]);
  });
});
