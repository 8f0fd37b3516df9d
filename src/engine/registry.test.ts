import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './profiles/catalogue';
import { implementedNames } from './registry';

describe('registry', () => {
  it('implements every KAI action and plugin the scenario validator accepts', () => {
    const impl = implementedNames('kai');
    expect([...impl.actions].sort()).toEqual([...CATALOGUE.kai.actions].sort());
    expect([...impl.plugins].sort()).toEqual([...CATALOGUE.kai.plugins].sort());
  });

  it('implements every Volcano and kube-batch action and plugin the scenario validator accepts', () => {
    for (const profile of ['volcano', 'kube-batch'] as const) {
      const impl = implementedNames(profile);
      expect([...impl.actions].sort()).toEqual([...CATALOGUE[profile].actions].sort());
      expect([...impl.plugins].sort()).toEqual([...CATALOGUE[profile].plugins].sort());
    }
  });
});
