// ESLint flat config: strict TypeScript, React hooks, and the layer boundaries of docs/ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundariesConfig } from './eslint.boundaries.js';

/** A boundary zone: files under `from` may not import the listed layers. */
const zone = (files, forbidden, message, allowTypeImports = true) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message, allowTypeImports }] }],
  },
});

const ENGINE_FORBIDDEN = [
  '**/protocol/**',
  '**/worker/**',
  '**/client/**',
  '**/store/**',
  '**/viz/**',
  '**/features/**',
  '**/ui/**',
  '**/app/**',
  'react',
  'react-dom',
  '@mui/*',
  'd3',
  'd3-*',
  '!d3-dsv',
  '!d3-random',
  'zustand',
];
// d3-dsv and d3-random are pure and deterministic (no DOM, no clock; randomLcg is seeded): the trace import
// reads CSV with the one, the workload generator draws from the other (issue 20).
const ENGINE_MESSAGE = 'The engine imports only engine/* and common/.';
/** An engine zone with extra restricted patterns (the engine-wide list included). */
const engineZone = (files, extra) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: ENGINE_FORBIDDEN, message: ENGINE_MESSAGE, allowTypeImports: false }, ...extra] },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'conformance', '.tsbuild'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No wildcard barrels.' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/use*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The engine is pure and deterministic: no clock, no randomness, no DOM, no UI layers.
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'Use the simulated clock (session time).' },
        { name: 'setTimeout', message: 'The engine has no timers.' },
        { name: 'setInterval', message: 'The engine has no timers.' },
        { name: 'performance', message: 'The engine has no wall clock.' },
        { name: 'crypto', message: 'The engine is deterministic.' },
        { name: 'window', message: 'The engine has no DOM.' },
        { name: 'document', message: 'The engine has no DOM.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'The engine is deterministic; use a seeded generator.',
        },
      ],
      'no-console': 'error',
    },
  },
  zone(['src/engine/**'], ENGINE_FORBIDDEN, ENGINE_MESSAGE, false),
  // Inside every profile (docs/decisions/0014, 0029): actions never import plugins, plugins never import
  // actions or each other, a profile's framework imports neither. Which layers and profiles a profile may
  // import is the allow-list's (eslint.boundaries.js, decision 0280), by the captured folder name, so no
  // rule here names a profile. Each entry repeats the engine-wide list because a later
  // `no-restricted-imports` replaces an earlier one for a file.
  engineZone(
    ['src/engine/profiles/*/actions/**'],
    [
      {
        group: ['**/plugins/**', '**/session/**', '**/queries/**'],
        message: 'Actions never import plugins.',
      },
      {
        regex: '^\\.\\./(?!\\.\\./|common/)',
        message: 'An action never imports another action (only actions/common).',
      },
    ],
  ),
  engineZone(
    ['src/engine/profiles/*/plugins/**'],
    [
      { group: ['**/actions/**', '**/session/**'], message: 'Plugins never import actions.' },
      { regex: '^\\.\\./(?!\\.\\./)', message: 'A plugin never imports another plugin.' },
    ],
  ),
  engineZone(
    ['src/engine/profiles/*/framework/**', 'src/engine/profiles/*/api/**'],
    [
      {
        group: ['**/actions/**', '**/plugins/**', '**/session/**', '**/queries/**'],
        message: 'A profile framework never imports actions or plugins.',
      },
    ],
  ),
  boundariesConfig,
  zone(['src/common/**'], ['../**', 'react', '@mui/*', 'd3'], 'common imports nothing.'),
  zone(
    ['src/protocol/**'],
    ['**/worker/**', '**/client/**', '**/store/**', 'react', '@mui/*'],
    'protocol is plain data.',
  ),
  zone(
    ['src/worker/**'],
    ['**/client/**', '**/store/**', '**/viz/**', '**/features/**', '**/ui/**', 'react', '@mui/*', 'd3'],
    'The worker hosts the engine; no UI.',
  ),
  zone(
    ['src/client/**'],
    ['**/worker/**', '**/store/**', '**/viz/**', '**/features/**', '**/ui/**', 'react'],
    'The client knows only the protocol.',
  ),
  zone(
    ['src/store/**'],
    [
      '**/worker/**',
      '**/viz/**',
      '**/features/**',
      '**/ui/**',
      '**/engine/simulation/**',
      '**/engine/profiles/**',
      '**/engine/framework/**',
    ],
    'The store talks to the engine only through the client.',
  ),
  zone(
    ['src/viz/**'],
    [
      '**/store/**',
      '**/features/**',
      '**/client/**',
      '**/worker/**',
      '**/engine/simulation/**',
      '**/engine/profiles/**',
    ],
    'viz draws from props only.',
  ),
  zone(
    ['src/ui/**'],
    ['**/store/**', '**/features/**', '**/client/**', '**/worker/**', '**/engine/**', '**/viz/**'],
    'ui is presentational.',
  ),
  // Which engine files features may read is the allow-list's (eslint.boundaries.js): a profile's UI folder
  // reads its own engine folder's pure data. Here only what that rule cannot say.
  zone(
    ['src/features/**'],
    ['**/client/**', '**/worker/**', '**/engine/simulation/**'],
    'features join store and views; never the engine runtime.',
  ),
);
