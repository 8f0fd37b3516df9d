import { describe, expect, it } from 'vitest';
import { entryToUpdate } from './entryToUpdate';
import type { SavedScenario } from './myScenarios';

const carol: SavedScenario = {
  id: 'carol',
  name: "Carol's study",
  text: "version: 1\nname: Carol's study\nnodes: []\n",
  origin: 'written',
  savedAt: 1,
};
const KUBERNETES = 'apiVersion: v1\nkind: Node\nmetadata: {name: gpu-node-0}\n';

describe('which My scenarios entry saving the editor buffer updates', () => {
  it('an edit of a saved scenario updates that entry', () => {
    const edited = carol.text.replace('nodes: []', 'nodes: [{name: n0}]');
    expect(entryToUpdate('carol', edited, [carol])).toBe('carol');
  });

  it('a buffer that is no saved entry’s edit (a file, a template, a conversion) updates nothing', () => {
    expect(entryToUpdate(null, carol.text, [carol])).toBeUndefined();
  });

  it('Kubernetes YAML pasted over a saved scenario is a new entry, not that scenario', () => {
    expect(entryToUpdate('carol', KUBERNETES, [carol])).toBeUndefined();
  });

  it('another scenario pasted over it, or a rename, is a new entry and the saved one stays', () => {
    expect(entryToUpdate('carol', "version: 1\nname: Dave's file\n", [carol])).toBeUndefined();
  });

  it('an entry deleted meanwhile is not brought back under its old id', () => {
    expect(entryToUpdate('carol', carol.text, [])).toBeUndefined();
  });
});
