import { describe, expect, it } from 'vitest';
import { createSimulation, parseScenario } from '../../engine/index';
import { FIELD_DOCS } from './fieldDocs';
import { fieldDocAt } from './scenarioHover';
import { scenarioNamesOf } from './scenarioNames';
import { valueOptions } from './scenarioCompletion';
import { fieldsOf, TABLES, tableAt, type TableName } from './schemaFields';
import { SCENARIO_TEMPLATES } from './templates/scenarioTemplates';
import { yamlContextAt } from './yamlContext';

/** The context at the `|` in `text`. */
const at = (text: string) => yamlContextAt(text.replace('|', ''), text.indexOf('|'));

const DOC = `version: 1
profile: kai
nodes:
  - {name: gpu, count: 2, resources: {gpu: 8}}
queues:
  - name: dept
  - name: team-a
    parent: dept
    resources:
      gpu:
        quota: 4
scheduler:
  actions:
    - allocate
jobs:
  - name: j1
    queue: team-a
    tasks:
      - status: Running
`;

describe('the cursor’s place in a half-typed scenario', () => {
  it('finds the parent keys through list items', () => {
    expect(at('queues:\n  - name: a\n    res|')).toMatchObject({
      path: ['queues'],
      kind: 'key',
      word: 'res',
    });
    expect(at('queues:\n  - name: a\n    resources:\n      gpu:\n        qu|')).toMatchObject({
      path: ['queues', 'resources', 'gpu'],
      kind: 'key',
    });
    expect(at('jobs:\n  - name: j\n    tasks:\n      - na|')).toMatchObject({
      path: ['jobs', 'tasks'],
      kind: 'key',
    });
    expect(at('ver|')).toMatchObject({ path: [], kind: 'key', word: 'ver' });
  });

  it('tells a value from a key, and a name in a list of names from a key', () => {
    expect(at('jobs:\n  - name: j\n    queue: te|')).toMatchObject({
      path: ['jobs'],
      kind: 'value',
      key: 'queue',
      word: 'te',
    });
    expect(at('scheduler:\n  actions:\n    - recl|')).toMatchObject({
      path: ['scheduler'],
      kind: 'value',
      key: 'actions',
    });
  });
});

describe('completion and hover come from the schema that validates', () => {
  it('every field of every table has a hover sentence, and no sentence names a missing field', () => {
    for (const table of Object.keys(TABLES) as TableName[]) {
      expect(Object.keys(FIELD_DOCS[table]).sort(), table).toEqual(fieldsOf(table).sort());
    }
  });

  it('maps paths to the tables the normalisers use', () => {
    expect(tableAt([])).toBe('scenario');
    expect(tableAt(['queues', 'resources', 'gpu'])).toBe('queueResource');
    expect(tableAt(['events', 'submit', 'tasks'])).toBe('task');
    expect(tableAt(['expect', 'tasks'])).toBeNull();
  });

  it('offers the scenario’s own names for queue, parent, node and priority class', () => {
    const names = scenarioNamesOf(DOC);
    expect(names.nodes).toEqual(['gpu-0', 'gpu-1']);
    expect(valueOptions(['jobs'], 'queue', names)?.map((o) => o.label)).toEqual(['team-a']);
    expect(valueOptions(['queues'], 'parent', names)?.map((o) => o.label)).toEqual(['dept', 'team-a']);
    expect(valueOptions(['jobs', 'tasks'], 'node', names)?.map((o) => o.label)).toEqual(['gpu-0', 'gpu-1']);
    expect(valueOptions(['jobs'], 'priorityClassName', names)?.map((o) => o.label)).toContain('inference');
    expect(valueOptions(['scheduler'], 'actions', names)?.map((o) => o.label)).toContain('reclaim');
    expect(valueOptions(['scheduler', 'tiers', 'plugins'], 'name', names)?.map((o) => o.label)).toContain(
      'minruntime',
    );
    expect(valueOptions(['jobs', 'tasks'], 'status', names)?.map((o) => o.label)).toEqual([
      'Pending',
      'Running',
      'Succeeded',
    ]);
  });

  it('explains the key under the pointer', () => {
    const offset = DOC.indexOf('parent') + 2;
    expect(fieldDocAt(DOC, offset)?.doc).toBe(FIELD_DOCS.queue.parent);
    expect(fieldDocAt(DOC, DOC.indexOf('status') + 1)?.doc).toContain('One of: Pending, Running, Succeeded.');
  });
});

describe('New scenario templates', () => {
  it.each(SCENARIO_TEMPLATES)('the $label template parses and runs as it is', ({ text }) => {
    const parsed = parseScenario(text);
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
    if (!parsed.ok) return;
    const sim = createSimulation(parsed.scenario);
    let sessions = 0;
    while (sim.step() && sessions < 1000) sessions++;
    expect(sim.markers().some((m) => m.evictions > 0)).toBe(true);
  });
});
