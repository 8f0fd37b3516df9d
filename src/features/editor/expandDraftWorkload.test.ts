import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../engine/scenario/parseScenario';
import { draftHasWorkload, expandDraftWorkload } from './expandDraftWorkload';

const DRAFT = `version: 1
nodes: [{name: n, resources: {gpu: 8}}]
queues: [{name: a}]
seed: 3
workload:
  - {queue: a, until: 1h, arrivals: {bursts: [{at: 1m, jobs: 3}]}, runtime: {fixed: 5m}}
`;

describe('expandDraftWorkload', () => {
  it('offers the expansion only for a draft with a top-level workload', () => {
    expect(draftHasWorkload(DRAFT)).toBe(true);
    expect(draftHasWorkload('{"version": 1, "workload": []}')).toBe(true);
    expect(draftHasWorkload('version: 1\njobs: []\n# workload: later\n')).toBe(false);
  });

  it('writes the generated jobs as plain jobs that parse to the same jobs', () => {
    const result = expandDraftWorkload(DRAFT);
    if (!result.ok) throw new Error(result.error);
    expect(result.message).toMatch(/now 3 plain jobs/);
    expect(result.text).not.toMatch(/^workload:/m);
    const back = parseScenario(result.text);
    if (!back.ok) throw new Error('expanded text does not parse');
    expect(back.scenario.jobs.map((j) => [j.name, j.submitAtMs, j.runtimeMs])).toEqual([
      ['a-0001', 60_000, 300_000],
      ['a-0002', 60_000, 300_000],
      ['a-0003', 60_000, 300_000],
    ]);
  });

  it('refuses a draft with problems, naming the first one', () => {
    const result = expandDraftWorkload(DRAFT.replace('until: 1h', 'until: 0s'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^Nothing was expanded: .*workload\[0\]\.until/);
  });
});
