/**
 * The build's first-screen chunk: every module the page's entry imports statically (what the first screen needs
 * before anything is opened) goes into one chunk; what is loaded on demand (the editor, the dialogs, the views
 * behind a tab) stays split as the bundler chooses.
 *
 * Why: left to itself, the bundler split the first screen into 40 files, one per group of modules shared with
 * some lazy chunk (Button, Paper, Portal, ...). Each file is a request the browser process, its network
 * service and the renderer handle apart. One file took a fresh page load of lca-1 from 2.15 to 1.97 CPU-s
 * (browser 0.22 -> 0.15, network 0.14 -> 0.08, renderer 1.69 -> 1.59) and 1.46 to 1.31 s to its first session,
 * over 18 loads alternating (decision 0372). The lazy chunks then import what they share with the first screen
 * from it, which the page has already loaded.
 *
 * The set is the entry's static import closure, read from the module graph at the end of the build (rolldown's
 * `getModuleInfo`), so it follows the code: no list to keep.
 */
import type { Plugin } from 'vite';

/** A `build.rolldownOptions.output.codeSplitting` group and the plugin that fills its module set. */
export interface FirstScreenChunk {
  plugin: Plugin;
  group: { name: string; test: (id: string) => boolean };
}

export function firstScreenChunk(name = 'first-screen'): FirstScreenChunk {
  const firstScreen = new Set<string>();
  const plugin: Plugin = {
    name: 'preemption-lab:first-screen-chunk',
    apply: 'build',
    buildEnd() {
      firstScreen.clear();
      const ids = [...this.getModuleIds()];
      const pending = ids.filter((id) => this.getModuleInfo(id)?.isEntry === true);
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (firstScreen.has(id)) continue;
        firstScreen.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) pending.push(next);
      }
    },
  };
  return { plugin, group: { name, test: (id) => firstScreen.has(id) } };
}
