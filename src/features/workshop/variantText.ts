/**
 * Reading and writing the `variants` list of the scenario text from the page (docs/scenario-format.md
 * §13). Only the text is touched (comments and layout kept by the yaml package); the worker validates
 * and runs it. Nothing here interprets scheduling rules.
 */
import { isMap, isSeq, parseDocument, type Document } from 'yaml';
import { UI_MODULES } from '../profiles/uiRegistry';

/** What the Workshop offers to choose from: variant names, queue names, configured plugins. */
export interface TextOutline {
  variants: string[];
  queues: string[];
  plugins: string[];
  /** A non-empty `workload:` list is written (§19): seeds give different runs (the worker confirms). */
  workload: boolean;
  /** The text does not parse as YAML (the editor shows why). */
  broken: boolean;
}

const names = (doc: Document, path: readonly (string | number)[], key = 'name'): string[] => {
  const node = doc.getIn(path, true);
  if (!isSeq(node)) return [];
  const out: string[] = [];
  for (const item of node.items) {
    if (!isMap(item)) continue;
    const name = item.get(key);
    if (typeof name === 'string' && name !== '') out.push(name);
  }
  return out;
};

export function outlineOf(text: string): TextOutline {
  // `logLevel: 'error'`: the yaml package would print its warnings (collection keys) to the console.
  const doc = parseDocument(text, { uniqueKeys: false, logLevel: 'error' });
  if (doc.errors.length > 0) return { variants: [], queues: [], plugins: [], workload: false, broken: true };
  const tiers = doc.getIn(['scheduler', 'tiers'], true);
  const plugins: string[] = [];
  if (isSeq(tiers))
    tiers.items.forEach((_, i) => plugins.push(...names(doc, ['scheduler', 'tiers', i, 'plugins'])));
  // No tiers written: the profile's default tiers apply (format §2; its catalogue, through its UI module).
  // No `profile:` means the default profile (the registry's first); an unknown one has none.
  const profile = doc.get('profile');
  if (!isSeq(tiers)) {
    const ui = profile === undefined ? UI_MODULES[0] : UI_MODULES.find((m) => m.name === profile);
    if (ui !== undefined) plugins.push(...ui.catalogue.defaultTiers.flat());
  }
  const workload = doc.get('workload', true);
  return {
    variants: names(doc, ['variants']),
    queues: names(doc, ['queues']),
    plugins,
    workload: isSeq(workload) && workload.items.length > 0,
    broken: false,
  };
}

/** A name not yet used by a variant (`base-copy`, `base-copy-2`, …). */
export function uniqueVariantName(wanted: string, taken: readonly string[]): string {
  const used = new Set([...taken, 'base']);
  if (!used.has(wanted)) return wanted;
  for (let i = 2; ; i++) if (!used.has(`${wanted}-${i}`)) return `${wanted}-${i}`;
}

/**
 * The text with `variant` appended to `variants` (created at the end when absent). When `from` names an
 * existing variant, its changes are copied first ("Duplicate as variant"), then `variant`'s own fields
 * are merged over them.
 */
export function addVariant(text: string, variant: Record<string, unknown>, from: string | null): string {
  const doc = parseDocument(text, { uniqueKeys: false, logLevel: 'error' });
  if (doc.errors.length > 0)
    throw new Error('The scenario text is not valid YAML; fix it in the editor first.');
  let copy: Record<string, unknown> = {};
  const list = doc.getIn(['variants'], true);
  if (from !== null && isSeq(list)) {
    for (const item of list.items) {
      if (isMap(item) && item.get('name') === from) copy = item.toJSON() as Record<string, unknown>;
    }
  }
  const entry = mergeChange({ ...copy, name: variant['name'] }, variant);
  delete entry['description'];
  if (isSeq(list)) list.add(doc.createNode(entry));
  else doc.set('variants', doc.createNode([entry]));
  return doc.toString({ lineWidth: 0 });
}

/** Merges one change into a variant: `plugins` per plugin, `queues` per queue name, the rest replaced. */
function mergeChange(
  base: Record<string, unknown>,
  change: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(change)) {
    if (key === 'plugins' && isRecord(value)) {
      const plugins: Record<string, unknown> = isRecord(out['plugins']) ? { ...out['plugins'] } : {};
      for (const [plugin, args] of Object.entries(value)) {
        const before = plugins[plugin];
        plugins[plugin] = { ...(isRecord(before) ? before : {}), ...(isRecord(args) ? args : {}) };
      }
      out['plugins'] = plugins;
    } else if (key === 'queues' && Array.isArray(value)) {
      const queues = Array.isArray(out['queues']) ? [...(out['queues'] as unknown[])] : [];
      for (const q of value) {
        if (!isRecord(q)) continue;
        const at = queues.findIndex((x) => isRecord(x) && x['name'] === q['name']);
        if (at >= 0) queues[at] = { ...(queues[at] as Record<string, unknown>), ...q };
        else queues.push(q);
      }
      out['queues'] = queues;
    } else out[key] = value;
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
