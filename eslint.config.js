// ESLint flat config: strict TypeScript, React hooks, and the layer boundaries of docs/ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** A boundary zone: files under `from` may not import the listed layers. */
const zone = (files, forbidden, message, allowTypeImports = true) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message, allowTypeImports }] }],
  },
});

const ENGINE_FORBIDDEN = ['**/protocol/**', '**/worker/**', '**/client/**', '**/store/**', '**/viz/**', '**/features/**', '**/ui/**', '**/app/**', 'react', 'react-dom', '@mui/*', 'd3', 'd3-*', '!d3-dsv', '!d3-random', 'zustand'];
// d3-dsv and d3-random are pure and deterministic (no DOM, no clock; randomLcg is seeded): the trace import
// reads CSV with the one, the workload generator draws from the other (issue 20).
const ENGINE_MESSAGE = 'The engine imports only engine/* and common/.';
/** An engine zone with extra restricted patterns (the engine-wide list included). */
const engineZone = (files, extra) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: ENGINE_FORBIDDEN, message: ENGINE_MESSAGE, allowTypeImports: false }, ...extra] }],
  },
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'conformance'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportAllDeclaration', message: 'No wildcard barrels.' }],
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
        { object: 'Math', property: 'random', message: 'The engine is deterministic; use a seeded generator.' },
      ],
      'no-console': 'error',
    },
  },
  zone(['src/engine/**'], ENGINE_FORBIDDEN, ENGINE_MESSAGE, false),
  // Profiles (docs/decisions/0014, 0029): a profile never imports another, the neutral framework imports no
  // profile, actions never import plugins, plugins never import actions or each other; only registry.ts
  // knows every profile. Each entry repeats the engine-wide list because a later `no-restricted-imports`
  // replaces an earlier one for a file.
  engineZone(['src/engine/framework/**', 'src/engine/model/**', 'src/engine/common/**', 'src/engine/scenario/**'], [
    { group: ['**/profiles/kai/**', '**/profiles/volcano/**', '**/kai/**', '**/volcano/**'], message: 'The neutral layers never import a profile.' },
  ]),
  // The simulator still runs KAI's session loop itself (KAI is not yet a SessionProfile, decision 0029):
  // it may use KAI's framework records and session steps, never its actions, plugins or the Volcano profile.
  {
    ...engineZone(['src/engine/simulation/**'], [
      { group: ['**/profiles/volcano/**', '**/profiles/kai/actions/**', '**/profiles/kai/plugins/**'], message: 'The simulator reaches profiles through registry.ts.' },
    ]),
    ignores: ['src/engine/**/*.test.ts'],
  },
  engineZone(['src/engine/profiles/kai/**'], [
    { group: ['**/profiles/volcano/**', '**/volcano/**'], message: 'A profile never imports another profile.' },
  ]),
  engineZone(['src/engine/profiles/kai/actions/**'], [
    { group: ['**/volcano/**', '**/plugins/**', '**/session/**', '**/queries/**'], message: 'KAI actions never import plugins (nor another profile).' },
    { regex: '^\\.\\./(?!\\.\\./|common/)', message: 'An action never imports another action (only actions/common).' },
  ]),
  engineZone(['src/engine/profiles/kai/plugins/**'], [
    { group: ['**/volcano/**', '**/actions/**', '**/session/**'], message: 'KAI plugins never import actions (nor another profile).' },
    { regex: '^\\.\\./(?!\\.\\./)', message: 'A plugin never imports another plugin.' },
  ]),
  engineZone(['src/engine/profiles/kai/framework/**'], [
    { group: ['**/volcano/**', '**/actions/**', '**/plugins/**', '**/session/**', '**/queries/**'], message: 'The KAI framework never imports actions, plugins or another profile.' },
  ]),
  engineZone(['src/engine/profiles/volcano/**'], [
    { group: ['**/profiles/kai/**', '**/kai/**'], message: 'A profile never imports another profile.' },
  ]),
  engineZone(['src/engine/profiles/volcano/actions/**'], [
    { group: ['**/plugins/**', '**/kai/**'], message: 'Volcano actions never import plugins (nor another profile).' },
  ]),
  engineZone(['src/engine/profiles/volcano/plugins/**'], [
    { group: ['**/actions/**', '**/kai/**'], message: 'Volcano plugins never import actions (nor another profile).' },
    { regex: '^\\.\\./(?!\\.\\./)', message: 'A plugin never imports another plugin.' },
  ]),
  engineZone(['src/engine/profiles/volcano/framework/**', 'src/engine/profiles/volcano/api/**'], [
    { group: ['**/actions/**', '**/plugins/**', '**/kai/**'], message: 'The Volcano framework never imports actions, plugins or another profile.' },
  ]),
  zone(['src/common/**'], ['../**', 'react', '@mui/*', 'd3'], 'common imports nothing.'),
  zone(['src/protocol/**'], ['**/worker/**', '**/client/**', '**/store/**', 'react', '@mui/*'], 'protocol is plain data.'),
  zone(['src/worker/**'], ['**/client/**', '**/store/**', '**/viz/**', '**/features/**', '**/ui/**', 'react', '@mui/*', 'd3'], 'The worker hosts the engine; no UI.'),
  zone(['src/client/**'], ['**/worker/**', '**/store/**', '**/viz/**', '**/features/**', '**/ui/**', 'react'], 'The client knows only the protocol.'),
  zone(['src/store/**'], ['**/worker/**', '**/viz/**', '**/features/**', '**/ui/**', '**/engine/simulation/**', '**/engine/profiles/**', '**/engine/framework/**'], 'The store talks to the engine only through the client.'),
  zone(['src/viz/**'], ['**/store/**', '**/features/**', '**/client/**', '**/worker/**', '**/engine/simulation/**', '**/engine/profiles/**'], 'viz draws from props only.'),
  zone(['src/ui/**'], ['**/store/**', '**/features/**', '**/client/**', '**/worker/**', '**/engine/**', '**/viz/**'], 'ui is presentational.'),
  zone(['src/features/**'], ['**/client/**', '**/worker/**', '**/engine/simulation/**', '**/engine/profiles/**', '!**/engine/profiles/catalogue', '!**/engine/profiles/upstream', '**/engine/framework/**'], 'features join store and views; never the engine runtime.'),
);
