import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './profiles/catalogue';
import { implementedNames } from './registry';

describe('registry', () => {
  it('implements every KAI action and plugin the scenario validator accepts', () => {
    const impl = implementedNames('kai');
    expect([...impl.actions].sort()).toEqual([...CATALOGUE.kai.actions].sort());
    expect([...impl.plugins].sort()).toEqual([...CATALOGUE.kai.plugins].sort());
  });

  it('implements nothing for the Volcano profiles yet (their conformance scenarios are pending)', () => {
    expect(implementedNames('volcano')).toEqual({ actions: [], plugins: [] });
    expect(implementedNames('kube-batch')).toEqual({ actions: [], plugins: [] });
  });
});
