/**
 * A second `---` document in a scenario: the issue says what to do (a scenario is one document; Kubernetes
 * objects are imported), at the line where the second document starts, instead of the yaml package's
 * "please use YAML.parseAllDocuments()".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from './parseScenario';

const KUBERNETES = [
  'apiVersion: v1',
  'kind: Node',
  'metadata: {name: node0}',
  '---',
  'apiVersion: v1',
  'kind: Pod',
  'metadata: {name: p1}',
].join('\n');

describe('a text of several YAML documents', () => {
  it('is refused at the second document, pointing Kubernetes objects to the importer', () => {
    const result = parseScenario(KUBERNETES);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(1);
    const [issue] = result.errors;
    expect(issue?.code).toBe('yaml-syntax');
    expect(issue?.line).toBe(4);
    expect(issue?.message).toMatch(
      /^a second YAML document starts here \(after ---\), but a scenario is one document/,
    );
    expect(issue?.message).toContain('npm run sim -- import');
    expect(issue?.message).not.toContain('parseAllDocuments');
    // The syntax hint ("check indentation, colons and quotes") does not apply: the message says what to do.
    expect(issue?.hint).toBeUndefined();
  });

  it('is refused the same way when the documents are scenarios, asking for one per file', () => {
    const result = parseScenario('name: a\nnodes: []\n---\nname: b\n');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.line, e.message])).toEqual([
      [
        3,
        'a second YAML document starts here (after ---), but a scenario is one document: remove the --- line and what follows it, or put each scenario in its own file',
      ],
    ]);
  });

  it('still reads one document that starts with --- (a YAML document start, not a second document)', () => {
    const text = readFileSync(join(__dirname, '../../scenarios/compare-lca.yaml'), 'utf8');
    const result = parseScenario(`---\n${text}`);
    expect(result.ok ? result.scenario.name : result.errors).toBe(
      'Compare · LCA method (the default): 2m from b',
    );
  });
});
