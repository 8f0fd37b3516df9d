/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreenChunk } from './scripts/firstScreenChunk.ts';

/** The test files of the pure folders: the engine, its command-line runner and the gallery. */
const PURE = ['src/engine/**/*.test.ts', 'src/cli/**/*.test.ts', 'src/scenarios/**/*.test.ts'];
/** Files in those folders that still need a module graph of their own (see `projects` below). */
const ISOLATED = [
  'src/engine/profiles/kai/actions/common/scenarioJobOrder.literal.test.ts',
  'src/cli/streamedRunHeap.test.ts',
];

/** App test files that replace browser globals for their own tests: they keep a module graph of their own. */
const APP_ISOLATED = ['src/viz/export/export.test.tsx'];

/** What every project runs with; a project names its files and whether it isolates them. */
const shared = {
  environment: 'node',
  testTimeout: 30000,
  // Worker threads, not forked processes: on src/viz, src/features and src/store (337 tests) threads took 14%
  // less user and 25% less system CPU than forks, twice in either order (decision 0232); no test chdirs or exits.
  pool: 'threads',
} as const;

/** The first screen's modules in one file (scripts/firstScreenChunk.ts, decision 0372). */
const firstScreen = firstScreenChunk();

export default defineConfig({
  plugins: [react(), firstScreen.plugin],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: { output: { codeSplitting: { groups: [firstScreen.group] } } },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, leaving a core idle while
    // the main process waits (issue 22, CI under 12 minutes).
    maxWorkers: 2,
    // Projects differing only in `isolate` (`extends: true` is not used: it would add each project's
    // `include` to a top-level one). A file runs in a fresh module graph by default, so each of the 261 files
    // imported the engine anew: `import` was 145-155 s of the summed time against 303-337 s of tests (idle
    // runs of 2026-11-27). The engine, its runner and the gallery are pure (no globals, no timers, no
    // module-level state a test changes: ARCHITECTURE.md), so their files share one module graph per worker
    // (decision 0359). The app's files (React, DOM environments, stores) share one too (project `app`): each
    // builds its own store and DOM per test, and their 872 tests passed sharing it in file order and in two
    // shuffled orders (decision 0361: 57 -> 40 s wall, 101 -> 71 CPU-s for those files). Kept isolated: the
    // one app file that replaces browser globals (URL.createObjectURL, fake timers), the one engine file that
    // replaces a module with `vi.mock` (it would leak into the files after it), and the one that measures the
    // V8 heap against a bound (other files' modules would count).
    projects: [
      { test: { ...shared, name: 'pure', include: PURE, exclude: ISOLATED, isolate: false } },
      {
        plugins: [react()],
        worker: { format: 'es' },
        test: {
          ...shared,
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...PURE, ...APP_ISOLATED],
          isolate: false,
        },
      },
      {
        plugins: [react()],
        worker: { format: 'es' },
        test: { ...shared, name: 'isolated', include: APP_ISOLATED },
      },
      // Vitest runs the projects' files in the order of the projects' names (its BaseSequencer), larger files
      // first within one. This project's two files take 8 and 4 s: named after `pure`, they ran last, one core
      // idle for about 4 s at the end; before it, beside the engine's files (issue 22, CI time).
      { test: { ...shared, name: 'isolated-pure', include: ISOLATED } },
    ],
  },
});
