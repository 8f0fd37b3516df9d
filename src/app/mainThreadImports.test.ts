/**
 * The first screen's bundle holds no scheduler: the engine runs in the worker, and the main thread reaches the
 * parser and the profiles only through lazy chunks (the editor, the dry run, the import dialogs). One static
 * import of the parser from a first-screen file (scenarioBytes.ts importing parseScenario) once put every
 * profile, yaml and zod in the main bundle: 1,243 KB instead of 512 KB, parsed on every page load (decision
 * 0361). This walks the static, non-type imports from the app's entry as the bundler does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const ENTRY = 'src/app/main.tsx';
/** Files that only the worker may load: the profiles' registry (every scheduler) and the parser. */
const WORKER_ONLY = ['src/engine/registry.ts', 'src/engine/scenario/parseScenario.ts'];

/** `import … from '…'` and `export … from '…'`, skipping `import type` and imports of types only. */
const IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gms;

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = normalize(join(dirname(from), spec));
  for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) {
    if (existsSync(join(ROOT, base + ext))) return base + ext;
  }
  return null;
}

function staticImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const what = (m[1] ?? '').trim();
    if (what.startsWith('{')) {
      const names = what
        .slice(1, -1)
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== '');
      if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    }
    const target = resolve(file, m[2] ?? m[3] ?? '');
    if (target !== null) found.push(target);
  }
  return found;
}

/** Every file the entry loads statically, each with the file that first imported it. */
function reachable(entry: string): Map<string, string | null> {
  const from = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const next of staticImports(file)) {
      if (from.has(next)) continue;
      from.set(next, file);
      queue.push(next);
    }
  }
  return from;
}

describe('the main thread', () => {
  const from = reachable(ENTRY);

  it('walks the app (the walk itself finds the first screen)', () => {
    expect(from.has('src/app/App.tsx')).toBe(true);
    expect(from.size).toBeGreaterThan(100);
  });

  it.each(WORKER_ONLY)('does not load %s at start', (file) => {
    const chain: string[] = [];
    for (let at: string | null | undefined = file; at != null; at = from.get(at)) chain.push(at);
    expect(from.has(file) ? chain.join(' <- ') : null).toBeNull();
  });
});
