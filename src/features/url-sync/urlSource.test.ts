import { describe, expect, it } from 'vitest';
import type { ScenarioSource } from '../../store/AppState';
import { sourceKey, urlStateFrom } from './useUrlSync';

const whatIf: ScenarioSource = {
  kind: 'what-if',
  change: 'Delete job serving-a (it holds gpu 2).',
  job: 'train-b',
  session: 2,
  base: {
    name: 'Welcome',
    text: 'name: x',
    source: { kind: 'builtin', id: 'welcome' },
    fileName: null,
    cursor: 1,
    selection: { kind: 'job', name: 'train-b' },
  },
};

describe('a what-if preview in the URL', () => {
  it('names the scenario it was made from, so a reload opens that one, at the session on screen', () => {
    expect(urlStateFrom(whatIf, 2, { kind: 'job', name: 'train-b' }, null)).toMatchObject({
      scenario: 'welcome',
      session: 2,
      mine: null,
    });
  });

  it('is a history entry of its own (Back returns to the base scenario)', () => {
    expect(sourceKey(whatIf)).not.toBe(sourceKey(whatIf.base.source));
    expect(sourceKey({ ...whatIf, change: 'another change' })).not.toBe(sourceKey(whatIf));
  });
});
