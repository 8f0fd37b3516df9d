/**
 * Names a scenario defines (queues, nodes, jobs, priority classes, its profile), for value completion.
 * Read with the YAML parser when the text parses; a half-typed text gives what could be read.
 */
import { parseDocument } from 'yaml';
import { uiModuleOf, uiProfileNames } from '../profiles/uiRegistry';
import type { Profile } from '../../engine/model/scenario';

export interface ScenarioNames {
  profile: Profile;
  queues: string[];
  /** Queues no other queue names as parent (jobs go to leaves). */
  leafQueues: string[];
  nodes: string[];
  jobs: string[];
  priorityClasses: string[];
}

const PROFILES = uiProfileNames() as Profile[];
const isProfile = (v: unknown): v is Profile => typeof v === 'string' && (PROFILES as string[]).includes(v);

function names(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const name = (item as Record<string, unknown>).name;
    return typeof name === 'string' && name !== '' ? [name] : [];
  });
}

function nodeNames(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, count } = item as Record<string, unknown>;
    if (typeof name !== 'string' || name === '') return [];
    // `count: N` expands to <name>-0 … <name>-(N-1) (docs §3); a huge count lists the first few.
    if (typeof count === 'number' && Number.isInteger(count) && count >= 0) {
      return Array.from({ length: Math.min(count, 50) }, (_, i) => `${name}-${i}`);
    }
    return [name];
  });
}

export function scenarioNamesOf(text: string): ScenarioNames {
  let data: unknown;
  try {
    // `logLevel: 'error'`: a key such as `? [a]` must not print a warning; the parser reports it (0121).
    data = parseDocument(text, { prettyErrors: false, logLevel: 'error' }).toJS({ maxAliasCount: 100 });
  } catch {
    data = null;
  }
  const doc = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const profile = isProfile(doc.profile) ? doc.profile : (PROFILES[0] as Profile);
  const queues = names(doc.queues);
  const parents = new Set(
    Array.isArray(doc.queues)
      ? (doc.queues as unknown[]).flatMap((q) =>
          typeof q === 'object' && q !== null && typeof (q as Record<string, unknown>).parent === 'string'
            ? [(q as Record<string, unknown>).parent as string]
            : [],
        )
      : [],
  );
  const ownClasses = names(doc.priorityClasses);
  const defaults = uiModuleOf(profile).catalogue.defaultPriorityClasses.map((c) => c.name);
  return {
    profile,
    queues,
    leafQueues: queues.filter((q) => !parents.has(q)),
    nodes: nodeNames(doc.nodes),
    jobs: names(doc.jobs),
    priorityClasses: [...new Set([...ownClasses, ...defaults])],
  };
}

export { PROFILES };
