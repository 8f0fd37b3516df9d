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
const took = { id: 'carol', text: carol.text };
const KUBERNETES = 'apiVersion: v1\nkind: Node\nmetadata: {name: gpu-node-0}\n';

describe('which My scenarios entry saving the editor buffer updates', () => {
  it('an edit of a saved scenario updates that entry', () => {
    const edited = carol.text.replace('nodes: []', 'nodes: [{name: n0}]');
    expect(entryToUpdate(took, edited, [carol])).toBe('carol');
  });

  it('a buffer that is no saved entry’s edit (a file, a template, a conversion) updates nothing', () => {
    expect(entryToUpdate(null, carol.text, [carol])).toBeUndefined();
  });

  it('Kubernetes YAML pasted over a saved scenario is a new entry, not that scenario', () => {
    expect(entryToUpdate(took, KUBERNETES, [carol])).toBeUndefined();
  });

  it('another scenario pasted over it, or a rename, is a new entry and the saved one stays', () => {
    expect(entryToUpdate(took, "version: 1\nname: Dave's file\n", [carol])).toBeUndefined();
  });

  it('an entry deleted meanwhile is not brought back under its old id', () => {
    expect(entryToUpdate(took, carol.text, [])).toBeUndefined();
  });

  it('an entry another tab saved since the buffer took it keeps that save; this one is a new entry', () => {
    const savedElsewhere = { ...carol, text: `${carol.text}# from the other tab\n`, savedAt: 2 };
    expect(entryToUpdate(took, `${carol.text}# from this tab\n`, [savedElsewhere])).toBeUndefined();
  });
});
