/**
 * Issue 18: strings people (and generators written apart from the project's) put in names, labels and
 * annotations — line breaks, CR, "-\nx", ": ", "#", a leading "- ", quotes, unicode, empty — must survive
 * every writer of the scenario. For random valid scenarios with such strings put in the scenario's name and
 * description, job names (and their tasks'), namespaces, job annotations, task and node labels (keys and
 * values):
 *
 * - `parseScenario(serialiseScenario(s))` gives `s` back;
 * - `importKubernetesYaml(exportKubernetesYaml(s))` maps every field, its text parses to `s`, and runs to the
 *   same runner document (docs/scenario-format.md §13).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runScenario } from '../../index';
import type { JobSpec, Scenario } from '../../model/scenario';
import { runDocument } from '../../simulation/runOutput';
import { buildScenarioDocument } from '../../testing/arbitraries/scenarioDocument';
import { rawScenario } from '../../testing/arbitraries/rawScenario';
import { importKubernetesYaml } from '../importers/importKubernetesYaml';
import { formatIssue, parseScenario } from '../parseScenario';
import { serialiseScenario } from '../serialiseScenario';
import { exportKubernetesYaml } from './exportKubernetesYaml';

/** Strings that broke a writer once, or look like YAML syntax, or are not ASCII. */
const SEEDS = [
  '-\nx',
  '?\nx',
  ':\nx',
  '#\nx',
  'a\nb',
  'x\r\ny',
  '\r',
  '\rx',
  'a\r',
  '\n',
  'a\n\n',
  ' lead\n trail ',
  ' \n',
  '  \n\n',
  'a: b',
  ': x',
  '# c',
  'a #b',
  '- a',
  '- ',
  "it's",
  '"quoted"',
  '',
  '~',
  'null',
  'true',
  'no',
  '1',
  '0x1F',
  '1e3',
  '[a]',
  '{a: 1}',
  '&a',
  '*a',
  '!tag',
  '%x',
  '@x',
  '`x',
  '|',
  '>-',
  '---',
  '...',
  'ü 😀 名',
  '\u2028',
  '\u0085x',
  '\ufeffx',
  '\t',
];
const UNITS = [
  '-',
  '\n',
  '\r',
  ':',
  ' ',
  '#',
  '"',
  "'",
  'a',
  'é',
  '😀',
  '[',
  '{',
  ',',
  '?',
  '*',
  '&',
  '!',
  '|',
  '>',
];

const hostile = fc.oneof(
  fc.constantFrom(...SEEDS),
  fc.string({ unit: fc.constantFrom(...UNITS), maxLength: 8 }),
  // Long text with spaces and line breaks, where a writer may fold lines (the import's text folds at 110).
  fc
    .array(fc.constantFrom(...SEEDS, 'word ', 'words and more ', '  ', ' \n '), { maxLength: 30 })
    .map((parts) => parts.join('').slice(0, 250)),
);
const hostileMap = fc.dictionary(hostile, hostile, { maxKeys: 3 });

const hostileScenario = fc
  .record({
    raw: rawScenario,
    name: hostile,
    description: hostile,
    jobNames: fc.array(hostile, { minLength: 8, maxLength: 8 }),
    namespaces: fc.array(fc.option(hostile.filter((s) => s !== '')), { minLength: 8, maxLength: 8 }),
    annotations: fc.array(hostileMap, { minLength: 8, maxLength: 8 }),
    labels: fc.array(hostileMap, { minLength: 8, maxLength: 8 }),
  })
  .map((h) => {
    const parsed = parseScenario(stringify(buildScenarioDocument(h.raw)));
    if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
    return withHostileStrings(structuredClone(parsed.scenario), h);
  });

/** `s` with the strings put in: names stay unique, and a job an event names keeps its name. */
function withHostileStrings(
  s: Scenario,
  h: {
    name: string;
    description: string;
    jobNames: string[];
    namespaces: (string | null)[];
    annotations: Record<string, string>[];
    labels: Record<string, string>[];
  },
): Scenario {
  const pick = <T>(list: T[], i: number) => list[i % list.length] as T;
  s.name = h.name === '' ? 'x' : h.name;
  s.description = h.description;
  const named = new Set(s.events.flatMap((e) => (e.kind === 'deleteJob' ? [e.name] : [])));
  const jobs: JobSpec[] = [...s.jobs, ...s.events.flatMap((e) => (e.kind === 'submit' ? [e.job] : []))];
  jobs.forEach((job, i) => {
    if (!named.has(job.name)) {
      const old = job.name;
      job.name = `${pick(h.jobNames, i)}§${i}`;
      for (const task of job.tasks)
        if (task.name === `${old}-${task.index}`) task.name = `${job.name}-${task.index}`;
    }
    const namespace = pick(h.namespaces, i);
    if (namespace !== null) job.namespace = namespace;
    Object.assign(job.annotations, pick(h.annotations, i));
    job.tasks.forEach((task, t) => Object.assign(task.labels, pick(h.labels, i + t)));
  });
  s.nodes.forEach((node, i) => Object.assign(node.labels, pick(h.labels, i + 3)));
  return s;
}

function parsed(text: string): Scenario {
  const result = parseScenario(text);
  if (!result.ok) throw new Error(`${result.errors.map(formatIssue).join('\n')}\n${text}`);
  return result.scenario;
}

function trace(scenario: Scenario): string {
  const sim = runScenario(scenario);
  const snapshots = Array.from({ length: sim.sessionCount() }, (_, i) => sim.snapshot(i + 1));
  return JSON.stringify(runDocument(scenario, snapshots));
}

/** Only `expect[].line` records where a check sits in its text; the generated scenarios have no checks. */
const SEED = 20_261_127;

describe('scenarios with hostile strings in names, labels and annotations', () => {
  it('serialise then parse gives the same normalised scenario', () => {
    fc.assert(
      fc.property(hostileScenario, (s) => {
        expect(parsed(serialiseScenario(s))).toEqual(s);
      }),
      { numRuns: 150, seed: SEED },
    );
  });

  it('Kubernetes export then import maps every field, gives the same normalised scenario and the same trace', () => {
    fc.assert(
      fc.property(hostileScenario, (s) => {
        const imported = importKubernetesYaml(exportKubernetesYaml(s));
        if (!imported.ok) throw new Error(imported.errors.join('\n'));
        expect(imported.unmapped).toEqual([]);
        const back = parsed(imported.text);
        expect(back).toEqual(s);
        expect(trace(back)).toBe(trace(s));
      }),
      { numRuns: 60, seed: SEED },
    );
  });
});
