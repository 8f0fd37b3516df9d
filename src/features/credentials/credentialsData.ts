/// <reference types="vite/client" />
/**
 * The engine's credentials, read at build time: every conformance scenario (`conformance/<suite>/*.yaml`)
 * with its row of the suite's INDEX.md, and the decision records that list where the engine knowingly
 * differs from upstream. Vite inlines the files into this module's chunk, which is only loaded when the
 * panel opens; `credentials.test.ts` runs the same files through the engine, so the panel lists exactly
 * the cases the engine passes.
 */
import type { UpstreamCommit } from '../../engine/framework/ProfileModule';
import { UI_MODULES, uiProfileNames } from '../profiles/uiRegistry';
import {
  featureOf,
  profileOf,
  readDifferences,
  readIndex,
  sourceOf,
  type ConformanceCase,
  type CredentialProfile,
  type DifferenceRecord,
  type SkippedCase,
} from './readCredentials';

const scenarioFiles: Record<string, string> = import.meta.glob('../../../conformance/*/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});
/** The team's shared INDEX.md and the project's INDEX-head.md (cases translated at a later upstream commit). */
const indexFiles: Record<string, string> = import.meta.glob('../../../conformance/*/INDEX*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
/**
 * The records that list differences from upstream: KAI's code over its docs (0001), KAI deviations (0002),
 * Volcano and kube-batch deviations (0016), sla's code over its design doc (0017).
 */
const decisionFiles: Record<string, string> = import.meta.glob(
  [
    '../../../docs/decisions/0001-*.md',
    '../../../docs/decisions/0002-*.md',
    '../../../docs/decisions/0016-*.md',
    '../../../docs/decisions/0017-*.md',
  ],
  { query: '?raw', import: 'default', eager: true },
);

const relative = (path: string, marker: string) => path.slice(path.indexOf(marker) + marker.length);

/** The profiles the panel lists, in registry order, with their titles. */
export const CREDENTIAL_PROFILES = uiProfileNames() as readonly CredentialProfile[];
export const PROFILE_TITLES = Object.fromEntries(UI_MODULES.map((m) => [m.name, m.title])) as Readonly<
  Record<CredentialProfile, string>
>;

/** The upstream commit each profile follows, from its module (decision 0309). */
const UPSTREAM_COMMITS = Object.fromEntries(UI_MODULES.map((m) => [m.name, m.upstream])) as Readonly<
  Record<CredentialProfile, UpstreamCommit>
>;

export interface Credentials {
  /** Every conformance case, in profile then file order. */
  cases: ConformanceCase[];
  /** Number of cases per profile (computed from the files). */
  counts: Record<CredentialProfile, number>;
  skipped: SkippedCase[];
  records: DifferenceRecord[];
  /** The upstream commit each profile follows. */
  upstream: Readonly<Record<CredentialProfile, UpstreamCommit>>;
}

export function buildCredentials(
  scenarios: Record<string, string>,
  indexes: Record<string, string>,
  decisions: Record<string, string>,
): Credentials {
  const bySuite = new Map<string, ReturnType<typeof readIndex>>();
  for (const [path, md] of Object.entries(indexes).sort(([a], [b]) => a.localeCompare(b))) {
    const suite = relative(path, 'conformance/').split('/')[0] ?? '';
    const read = readIndex(suite, md);
    const known = bySuite.get(suite);
    if (known === undefined) bySuite.set(suite, read);
    else {
      for (const [name, row] of read.cases) known.cases.set(name, row);
      known.skipped.push(...read.skipped);
    }
  }
  const order = CREDENTIAL_PROFILES;
  const cases = Object.entries(scenarios)
    .map(([path, text]): ConformanceCase => {
      const file = relative(path, 'conformance/');
      const [suite = '', name = ''] = file.split('/');
      const row = bySuite.get(suite)?.cases.get(name);
      const source = sourceOf(text);
      return {
        file,
        id: row?.id ?? name.replace(/\.yaml$/, ''),
        checks: row?.checks ?? '',
        source: row?.source ?? '',
        confidence: row?.confidence ?? '',
        profile: profileOf(text, order),
        feature: featureOf(source !== '' ? source : (row?.source ?? '')),
      };
    })
    .sort((a, b) => order.indexOf(a.profile) - order.indexOf(b.profile) || a.file.localeCompare(b.file));
  const counts = Object.fromEntries(order.map((p) => [p, 0])) as Record<CredentialProfile, number>;
  for (const c of cases) counts[c.profile] += 1;
  return {
    cases,
    counts,
    skipped: [...bySuite.values()].flatMap((s) => s.skipped),
    records: Object.entries(decisions)
      .map(([path, md]) => readDifferences(relative(path, 'docs/decisions/'), md))
      .sort((a, b) => a.file.localeCompare(b.file)),
    upstream: UPSTREAM_COMMITS,
  };
}

export const CREDENTIALS: Credentials = buildCredentials(scenarioFiles, indexFiles, decisionFiles);
