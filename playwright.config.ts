import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium when present (CI and these machines cannot download Playwright's own build). The specs run
// in its headless shell (package chromium-headless-shell: the same Blink and V8 without the browser's UI layers,
// which is what Playwright itself runs headless tests in): a page load of lca-1 took 1.1 CPU-s there against 2.4
// in the full browser, and the 182 specs 421 s instead of 669 s with the same results (decision 0366). The
// benchmarks measure what a person's browser does, so they run in the full browser.
const SHELL = '/usr/lib/chromium/chromium-headless-shell';
const FULL = '/usr/bin/chromium';
const exe = process.env.CHROMIUM_PATH ?? (!process.env.E2E_BENCH && existsSync(SHELL) ? SHELL : FULL);
const launchOptions = existsSync(exe)
  ? {
      executablePath: exe,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        // V8 without its helper threads (no concurrent or parallel GC and compilation), and the GPU process's
        // software compositing inside the browser process: on the CPU-bound 2-core run threads and processes
        // that cannot run in parallel add CPU without shortening anything. A load of lca-1 cost 1.57 renderer
        // CPU-s instead of 1.80, a Welcome load with six steps 3.65 machine-wide instead of 4.01, and 4 % less
        // again with the GPU in process; the suite 541 s instead of 629-651 (decision 0378). The benchmarks
        // measure a person's browser and keep Chromium's defaults.
        ...(process.env.E2E_BENCH ? [] : ['--js-flags=--single-threaded', '--in-process-gpu']),
      ],
    }
  : {};

// E2E_PORT lets a second run (another checkout, a benchmark) use its own server.
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  // `npm test` runs the specs; `npm run bench:ui` runs the benchmarks, which print figures instead of failing on time.
  testMatch: process.env.E2E_BENCH ? 'bench/**/*.bench.ts' : '**/*.spec.ts',
  forbidOnly: !!process.env.CI,
  // Two workers on the 2-core machine, in CI too (issue 22: CI under 12 minutes); the specs are independent.
  workers: 2,
  // Tests of one file may run on both workers: stage-path-in-view's lessons alone were a long tail on one
  // worker while the other sat idle (CI at 12 min 2 s with files kept whole). No spec shares state between tests.
  fullyParallel: true,
  retries: 0,
  timeout: process.env.E2E_BENCH ? 600_000 : 60_000,
  reporter: process.env.CI ? 'dot' : 'list',
  use: {
    baseURL,
    // Recording a trace costs every test, passed or not: the 21 stage tests of stage-path-in-view took 98–102 s
    // of test time without one and 161–182 s with 'retain-on-failure' (117–131 s without its screenshots;
    // decision 0256). CI keeps a screenshot of a failure instead; run the failing spec locally for its trace.
    // Benchmarks record none either: the recorder's DOM snapshots run on the page's main thread and were most of a
    // cluster-map step's profile (decision 0276).
    trace: process.env.CI || process.env.E2E_BENCH ? 'off' : 'retain-on-failure',
    screenshot: process.env.CI ? 'only-on-failure' : 'off',
    viewport: { width: 1280, height: 720 },
    // The specs read what a page shows at rest, so they ask for reduced motion, which the app honours
    // (src/ui/ReducedMotionStyles.tsx, the diagrams' jumps): dialogs appear without their fade, a focused button's
    // ripple does not pulse, the tree zooms at once. The frames of that motion were a quarter of the lesson walks'
    // CPU on the CPU-bound 2-core run (decision 0371). The specs about motion itself, and the presenter walk that
    // sees a lesson as a projected class does, ask for 'no-preference' (e2e/README.md).
    reducedMotion: 'reduce',
    // Uncompressed from the local preview server: `vite preview` gzips every response anew (no cache across
    // contexts, and each test is a new context), about 0.13 CPU-s per page load in the server alone, plus
    // Chromium's inflating, on a CPU-bound run (decision 0361). What a real server sends is not under test here;
    // bundle.spec measures the gzipped size itself.
    extraHTTPHeaders: { 'Accept-Encoding': 'identity' },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 720 }, launchOptions },
    },
  ],
  webServer: {
    // `npm test` builds the app beside the unit tests and says so with E2E_BUILT (scripts/runTests.ts): the
    // server then only serves that build.
    command: `${process.env.E2E_BUILT ? '' : 'npm run build && '}npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
