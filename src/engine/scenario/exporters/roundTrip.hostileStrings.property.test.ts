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
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** Volcano and kube-batch scenarios (the generator writes KAI ones): their queues and pods export otherwise. */
const VOLCANO_LIKE: Scenario[] = ['conformance/volcano', 'src/scenarios'].flatMap((folder) =>
  readdirSync(join(ROOT, folder))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => readFileSync(join(ROOT, folder, f), 'utf8'))
    .filter((text) => /^profile: (volcano|kube-batch)$/m.test(text))
    .map((text) => parsed(text)),
);

/**
 * A generated KAI scenario (its jobs may be renamed, so it has no variants, which name jobs and which the
 * Kubernetes carrier does not hold, and no seeded workload, whose job names come from its generators), or a
 * Volcano-like file (its checks name its jobs).
 */
const base = fc.oneof(
  rawScenario.map((raw) => ({
    scenario: parsed(stringify(buildScenarioDocument({ ...raw, variants: [], seed: null, workload: [] }))),
    rename: true,
  })),
  fc.constantFrom(...VOLCANO_LIKE).map((scenario) => ({ scenario, rename: false })),
);

const hostileScenario = fc
  .record({
    base,
    name: hostile,
    description: hostile,
    jobNames: fc.array(hostile, { minLength: 8, maxLength: 8 }),
    namespaces: fc.array(fc.option(hostile.filter((s) => s !== '')), { minLength: 8, maxLength: 8 }),
    annotations: fc.array(hostileMap, { minLength: 8, maxLength: 8 }),
    labels: fc.array(hostileMap, { minLength: 8, maxLength: 8 }),
  })
  .map((h) => withHostileStrings(structuredClone(h.base.scenario), h, h.base.rename));

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
  rename: boolean,
): Scenario {
  const pick = <T>(list: T[], i: number) => list[i % list.length] as T;
  s.name = h.name === '' ? 'x' : h.name;
  s.description = h.description;
  const named = new Set(s.events.flatMap((e) => (e.kind === 'deleteJob' ? [e.name] : [])));
  const jobs: JobSpec[] = [...s.jobs, ...s.events.flatMap((e) => (e.kind === 'submit' ? [e.job] : []))];
  jobs.forEach((job, i) => {
    if (rename && !named.has(job.name)) {
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

/** `expect[].line` and lesson lines record where they sit in the source text, which a writer changes. */
const withoutLines = (s: Scenario): Scenario => ({
  ...s,
  expect: s.expect.map((c) => ({ ...c, line: null })),
  lesson: s.lesson.map((step) => ({
    ...step,
    line: null,
    ask:
      step.ask === null
        ? null
        : {
            ...step.ask,
            choices: step.ask.choices.map((c) => ({ ...c, check: { ...c.check, line: null } })),
          },
  })),
});
const SEED = 20_261_127;

describe('scenarios with hostile strings in names, labels and annotations', () => {
  it('takes Volcano and kube-batch scenarios as well as generated KAI ones', () => {
    expect(VOLCANO_LIKE.map((s) => s.profile)).toEqual(expect.arrayContaining(['volcano', 'kube-batch']));
  });

  it('serialise then parse gives the same normalised scenario', () => {
    fc.assert(
      fc.property(hostileScenario, (s) => {
        expect(withoutLines(parsed(serialiseScenario(s)))).toEqual(withoutLines(s));
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
        expect(withoutLines(back)).toEqual(withoutLines(s));
        expect(trace(back)).toBe(trace(s));
      }),
      { numRuns: 60, seed: SEED },
    );
  });
});
