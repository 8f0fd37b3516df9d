import { describe, expect, it } from 'vitest';
import { catalogueOf } from './registry';
import { implementedNames } from './registry';

describe('registry', () => {
  it('implements every KAI action and plugin the scenario validator accepts', () => {
    const impl = implementedNames('kai');
    expect([...impl.actions].sort()).toEqual([...catalogueOf('kai').actions].sort());
    expect([...impl.plugins].sort()).toEqual([...catalogueOf('kai').plugins].sort());
  });

  it('implements every Volcano and kube-batch action and plugin the scenario validator accepts', () => {
    for (const profile of ['volcano', 'kube-batch'] as const) {
      const impl = implementedNames(profile);
      expect([...impl.actions].sort()).toEqual([...catalogueOf(profile).actions].sort());
      expect([...impl.plugins].sort()).toEqual([...catalogueOf(profile).plugins].sort());
    }
  });
});
