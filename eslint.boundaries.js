// Allow-list layer boundaries (issue 23, decision 0280) with eslint-plugin-boundaries 7.2.0: every folder
// of src, plus cli, scripts and e2e, is one element type; an import is refused unless a policy below
// allows it. Engine profiles are ONE type, `profile`, with the folder name captured, so a profile may import
// itself and the neutral layers but never another profile, and a new profile needs no edit here. The
// same holds for the views' profile folders (`ui-profile`).
import boundaries from 'eslint-plugin-boundaries';

const ELEMENTS = [
  // One folder per profile (each carries its upstream commit in its own `upstream.ts`, decision 0309).
  { type: 'profile', pattern: 'src/engine/profiles/*', capture: ['name'] },
  { type: 'engine-framework', pattern: 'src/engine/framework' },
  { type: 'engine-model', pattern: 'src/engine/model' },
  { type: 'engine-scenario', pattern: 'src/engine/scenario' },
  { type: 'engine-simulation', pattern: 'src/engine/simulation' },
  { type: 'engine-testing', pattern: 'src/engine/testing' },
  // The files at the engine's root: registry.ts (the one list of profiles), index.ts (the runtime entry),
  // api.ts and version.ts (types and a constant), and the engine-wide tests. Elements match folders, so
  // they are one type; outside the engine only type imports of it are allowed.
  { type: 'engine-root', pattern: 'src/engine' },
  { type: 'common', pattern: 'src/common' },
  { type: 'protocol', pattern: 'src/protocol' },
  { type: 'worker', pattern: 'src/worker' },
  { type: 'client', pattern: 'src/client' },
  { type: 'store', pattern: 'src/store' },
  { type: 'viz', pattern: 'src/viz' },
  { type: 'ui', pattern: 'src/ui' },
  { type: 'ui-profile', pattern: 'src/features/profiles/*', capture: ['name'] },
  { type: 'ui-profiles', pattern: 'src/features/profiles' },
  { type: 'features', pattern: 'src/features' },
  { type: 'app', pattern: 'src/app' },
  { type: 'scenarios', pattern: 'src/scenarios' },
  { type: 'cli', pattern: 'src/cli' },
  { type: 'scripts', pattern: 'scripts' },
  { type: 'e2e', pattern: 'e2e' },
];

const el = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const typeOnly = (...types) => ({
  to: { element: { types: { anyOf: types } } },
  dependency: { kind: 'type' },
});
const from = (...types) => ({ element: { types: { anyOf: types } } });
/** The element of the same captured profile name as the importing one. */
const sameName = (type) => ({
  to: { element: { type, captured: { name: '{{ from.element.captured.name }}' } } },
});

/** Layers any engine file may use: the neutral framework, the model, and common. */
const NEUTRAL = ['engine-framework', 'engine-model', 'common'];
/** The UI's plain-data view of the engine (types only): model, framework, and the root's api types. */
const ENGINE_TYPES = ['engine-model', 'engine-framework', 'engine-root'];

/** Every element: what tests may import (they build scenarios, drive the engine and read views). */
const ALL = [
  'engine-framework',
  'engine-model',
  'engine-scenario',
  'engine-simulation',
  'engine-testing',
  'engine-root',
  'profile',
  'common',
  'protocol',
  'worker',
  'client',
  'store',
  'viz',
  'ui',
  'ui-profile',
  'ui-profiles',
  'features',
  'app',
  'scenarios',
  'cli',
  'scripts',
  'e2e',
];

const POLICIES = [
  // External packages are governed by the per-zone no-restricted-imports lists in eslint.config.js.
  { allow: { to: { module: { origin: ['external', 'core'] } } } },
  // Tests check their zone from outside: they may use any element (fixtures, gallery texts, the engine).
  { from: { file: { path: ['**/*.test.ts', '**/*.test.tsx'] } }, allow: [el(...ALL)] },
  {
    from: from('engine-model'),
    allow: [el('engine-model', 'common'), typeOnly('engine-root', 'engine-framework')],
  },
  { from: from('engine-framework'), allow: [el(...NEUTRAL), typeOnly('engine-simulation', 'engine-root')] },
  { from: from('engine-scenario'), allow: [el(...NEUTRAL, 'engine-scenario', 'engine-root')] },
  {
    from: from('engine-simulation'),
    allow: [el(...NEUTRAL, 'engine-simulation', 'engine-scenario', 'engine-root')],
  },
  // A profile: itself and the neutral layers, never another profile (the captured folder name must match)
  // nor the registry or the runtime entry (type imports of the root's api only).
  {
    from: from('profile'),
    allow: [
      el(...NEUTRAL, 'engine-scenario', 'engine-simulation'),
      typeOnly('engine-root'),
      sameName('profile'),
    ],
  },
  // A profile's test helpers build scenarios with the shared testing helpers.
  { from: { file: { path: 'src/engine/profiles/*/testing{,/**/*}.ts' } }, allow: [el('engine-testing')] },
  // The engine root: index.ts runs the engine; only registry.ts, the one list of profiles, imports them
  // (decision 0340; a shared file asks a profile through the registry's modules).
  {
    from: from('engine-root'),
    allow: [el(...NEUTRAL, 'engine-scenario', 'engine-simulation', 'engine-root', 'engine-testing')],
  },
  { from: { file: { path: 'src/engine/registry.ts' } }, allow: [el('profile')] },
  // The shared property oracles and test helpers reach every shared engine part, and a profile through the
  // registry only: a profile's own checks live in its `testing/` folder (decisions 0311, 0339). Their unit
  // tests may import anything (the test policy above).
  {
    from: from('engine-testing'),
    allow: [el(...NEUTRAL, 'engine-scenario', 'engine-simulation', 'engine-root', 'engine-testing')],
  },
  { from: from('common'), allow: [el('common')] },
  { from: from('protocol'), allow: [el('protocol', 'common'), typeOnly(...ENGINE_TYPES, 'engine-scenario')] },
  // The worker hosts the engine (and the cluster-import reader) and serves the gallery's texts.
  {
    from: from('worker'),
    allow: [
      el(
        'worker',
        'protocol',
        'common',
        'engine-root',
        'engine-model',
        'engine-framework',
        'engine-scenario',
        'scenarios',
      ),
      typeOnly('engine-simulation'),
    ],
  },
  { from: from('client'), allow: [el('client', 'protocol', 'common'), typeOnly(...ENGINE_TYPES)] },
  { from: from('store'), allow: [el('store', 'client', 'protocol', 'common'), typeOnly(...ENGINE_TYPES)] },
  { from: from('ui'), allow: [el('ui', 'common')] },
  {
    from: from('viz'),
    allow: [el('viz', 'ui', 'common', 'engine-model'), typeOnly(...ENGINE_TYPES, 'protocol')],
  },
  // A profile's views: themselves, the shared UI layers and their own engine folder's pure data.
  {
    from: from('ui-profile'),
    allow: [
      el('ui-profiles', 'features', 'store', 'viz', 'ui', 'protocol', 'common', 'engine-model'),
      typeOnly(...ENGINE_TYPES),
      sameName('ui-profile'),
      sameName('profile'),
    ],
  },
  {
    from: from('ui-profiles', 'features'),
    allow: [
      el('ui-profiles', 'ui-profile', 'features', 'store', 'viz', 'ui', 'protocol', 'common', 'engine-model'),
      // The gallery's scenario texts (plain data) and the engine version.
      el('scenarios'),
      { to: { file: { path: 'src/engine/version.ts' } } },
      typeOnly(...ENGINE_TYPES, 'engine-scenario'),
    ],
  },
  // Not yet moved behind the worker (issue 23 Deliver 2 leaves these): the editor parses and exports the
  // draft, reads opened files and the schema in the main thread. Each is a named file, never a folder.
  {
    from: {
      file: {
        path: [
          'src/features/editor/exportDraftAsKubernetes.ts',
          'src/features/editor/schemaFields.ts',
          'src/features/editor/readOpenedFile.ts',
          'src/features/editor/firstProblem.ts',
          'src/features/editor/EditorDialog.tsx',
          'src/features/cluster-import/ClusterImportDialog.tsx',
        ],
      },
    },
    allow: [el('engine-scenario')],
  },
  {
    from: from('app'),
    // The app wires the worker transports and opens the gallery.
    allow: [
      el(
        'app',
        'ui-profiles',
        'ui-profile',
        'features',
        'store',
        'client',
        'worker',
        'viz',
        'ui',
        'protocol',
        'common',
        'engine-model',
        'scenarios',
      ),
      typeOnly(...ENGINE_TYPES),
    ],
  },
  {
    from: from('scenarios'),
    allow: [
      el(
        'scenarios',
        'common',
        'engine-root',
        'engine-model',
        'engine-scenario',
        'engine-simulation',
        'engine-testing',
      ),
    ],
  },
  // The CLI runs the engine, and its fuzzers the property checks and generators.
  {
    from: from('cli'),
    allow: [
      el(
        'cli',
        'common',
        'engine-root',
        'engine-model',
        'engine-scenario',
        'engine-simulation',
        'engine-testing',
        'scenarios',
      ),
    ],
  },
  // Benchmarks, golden checks and end-to-end specs drive everything from outside.
  {
    from: from('scripts', 'e2e'),
    allow: [el(...ALL)],
  },
];

export const boundariesConfig = {
  files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'e2e/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': ELEMENTS,
    'boundaries/include': ['src/**/*', 'scripts/**/*', 'e2e/**/*'],
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
  },
  rules: {
    'boundaries/dependencies': ['error', { default: 'disallow', policies: POLICIES }],
    // Every file is in a zone.
    'boundaries/no-unknown-files': 'error',
    // A `../../` escape out of a profile into another profile is an import of another element: refused
    // by the captured-name policy above, whatever its path spelling.
  },
};
