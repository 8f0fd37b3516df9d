/**
 * Reads the `kueue:` block of a scenario (docs/scenario-format.md §27, addition) into a {@link KueueSpec}:
 * every field checked against the v1beta2 API at kueue ff69552e (enums and list bounds from the
 * kubebuilder markers of apis/kueue/v1beta2/clusterqueue_types.go), every bound stated, every problem a
 * located issue. Fields this engine does not model are refused with their path, never ignored.
 */
import { parseQuantity } from '../../model/quantity';
import { RESOURCE_NAMES, type ResourceName } from '../../model/resources';
import type { ProfileFieldIssue, ProfileFieldIssueCode } from '../../framework/ProfileModule';
import type {
  FairSharingConfig,
  FairSharingStrategy,
  ClusterQueuePreemptionSpec,
  ClusterQueueSpec,
  CohortSpec,
  FlavorFungibilitySpec,
  KueueSpec,
  ResourceFlavorSpec,
  ResourceGroupSpec,
  ResourceQuotaSpec,
} from './spec';

type Path = readonly (string | number)[];

/** Bounds of the block (§27.5). The per-object list bounds are upstream's MaxItems markers. */
export const KUEUE_LIMITS = {
  resourceFlavors: 256,
  clusterQueues: 1_000,
  cohorts: 1_000,
  /** clusterqueue_types.go:74 MaxItems=16. */
  resourceGroups: 16,
  /** clusterqueue_types.go:262 and :279 MaxItems=64. */
  flavorsPerGroup: 64,
  /** clusterqueue_types.go:295 MaxItems=64. */
  resourcesPerFlavor: 64,
  nodeLabels: 64,
  /** Levels of the cohort tree (a chain of parentName). */
  cohortDepth: 64,
  /** Largest quota in the resource's unit (cores, bytes, devices, pods). */
  quantity: 1e15,
  nameLength: 253,
  /**
   * Largest `fairSharing.weight` (addition: upstream sets no maximum; scheduler_fs_test.go uses 123456789).
   * A weight is 0 or above 1e-9 (fairsharing_types.go:36 "When not 0, Weight must be greater than 10^-9").
   */
  fairWeight: 1e9,
  minFairWeight: 1e-9,
} as const;

/**
 * Admission fair sharing (decision 0324) orders a ClusterQueue's Workloads by the decayed usage of their
 * LocalQueues (kueue pkg/util/admissionfairsharing/admission_fair_sharing.go:86-120, pkg/cache/queue/afs/
 * usage_ledger.go @ff69552e); this format has no LocalQueues (§27.3), so it is refused, never ignored.
 */
const AFS_REFUSED =
  'admission fair sharing orders Workloads by LocalQueue usage, and this format has no LocalQueues (decision 0324); not modelled';

/** Fields of the block (the Configuration's) this engine does not model, each with the reason. */
const UNMODELLED_BLOCK_FIELDS: Readonly<Record<string, string>> = {
  // configuration_types.go:95-96,768-782 @ff69552e: usageHalfLifeTime, usageSamplingInterval, resourceWeights.
  admissionFairSharing: AFS_REFUSED,
};

/** Fields of a ClusterQueue this engine does not model, each with the reason it is refused. */
const UNMODELLED_CQ_FIELDS: Readonly<Record<string, string>> = {
  admissionChecks: 'admission checks need controllers outside the scheduler; not modelled',
  admissionChecksStrategy: 'admission checks need controllers outside the scheduler; not modelled',
  admissionScope: AFS_REFUSED,
  stopPolicy: 'stopPolicy is not modelled (every ClusterQueue is active)',
  namespaceSelector:
    'namespaceSelector is not modelled: a job names its ClusterQueue directly in `queue` (§27.3)',
  concurrentAdmissionPolicy: 'concurrent admission is an alpha feature not modelled',
};

const RESOURCE_ALIASES: Readonly<Record<string, ResourceName>> = { 'nvidia.com/gpu': 'gpu' };

class Reader {
  readonly issues: ProfileFieldIssue[] = [];

  report(code: ProfileFieldIssueCode, path: Path, message: string): void {
    this.issues.push({ code, path: [...path], message });
  }

  mapping(
    raw: unknown,
    path: Path,
    fields: readonly string[],
    refused: Readonly<Record<string, string>> = {},
  ) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      this.report('wrong-type', path, `expected a mapping, got ${describe(raw)}`);
      return null;
    }
    const m = raw as Record<string, unknown>;
    for (const key of Object.keys(m)) {
      if (fields.includes(key)) continue;
      const why = refused[key];
      if (why !== undefined) this.report('field-not-in-profile', [...path, key], `profile kueue: ${why}`);
      else
        this.report(
          'unknown-field',
          [...path, key],
          `unknown field ${JSON.stringify(key)} (expected one of ${fields.join(', ')})`,
        );
    }
    return m;
  }

  list(raw: unknown, path: Path, max: number, what: string): unknown[] {
    if (raw === undefined || raw === null) return [];
    if (!Array.isArray(raw)) {
      this.report('wrong-type', path, `expected a list of ${what}, got ${describe(raw)}`);
      return [];
    }
    if (raw.length > max) {
      this.report('too-large', path, `at most ${max} ${what}, got ${raw.length}`);
      return raw.slice(0, max);
    }
    return raw;
  }

  name(raw: unknown, path: Path): string | null {
    if (raw === undefined || raw === null) {
      this.report(
        'missing-field',
        path,
        `required field ${JSON.stringify(path[path.length - 1])} is missing`,
      );
      return null;
    }
    if (typeof raw !== 'string' || raw.length === 0 || raw.length > KUEUE_LIMITS.nameLength) {
      this.report(
        'wrong-type',
        path,
        `expected a name (1 to ${KUEUE_LIMITS.nameLength} characters), got ${describe(raw)}`,
      );
      return null;
    }
    return raw;
  }

  optionalName(raw: unknown, path: Path): string | null {
    return raw === undefined || raw === null ? null : this.name(raw, path);
  }

  choice<T extends string>(raw: unknown, path: Path, allowed: readonly T[], fallback: T): T {
    if (raw === undefined || raw === null) return fallback;
    const hit = allowed.find((a) => a === raw);
    if (hit !== undefined) return hit;
    this.report('invalid-value', path, `expected one of ${allowed.join(', ')}, got ${describe(raw)}`);
    return fallback;
  }

  quantity(raw: unknown, path: Path): number | null {
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      this.report(
        'invalid-quantity',
        path,
        `expected a quantity such as 4, "500m" or "16Gi", got ${describe(raw)}`,
      );
      return null;
    }
    const q = parseQuantity(raw);
    if (!q.ok) {
      this.report('invalid-quantity', path, q.error);
      return null;
    }
    if (!Number.isFinite(q.value) || q.value < 0 || q.value > KUEUE_LIMITS.quantity) {
      this.report(
        'out-of-range',
        path,
        `a quota is between 0 and ${KUEUE_LIMITS.quantity}, got ${describe(raw)}`,
      );
      return null;
    }
    return q.value;
  }

  resourceName(raw: unknown, path: Path): ResourceName | null {
    const alias = typeof raw === 'string' ? RESOURCE_ALIASES[raw] : undefined;
    if (alias !== undefined) return alias;
    const hit = RESOURCE_NAMES.find((r) => r === raw);
    if (hit !== undefined) return hit;
    this.report(
      'invalid-value',
      path,
      `expected a resource this engine models (${RESOURCE_NAMES.join(', ')} or nvidia.com/gpu), got ${describe(raw)}`,
    );
    return null;
  }
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return typeof value === 'string' ? JSON.stringify(value) : String(value as number | boolean);
}

/** Reads `kueue:` at `path` (normally `['kueue']`). The spec is null when the block is not a mapping. */
export function readKueueSpec(
  raw: unknown,
  path: Path,
): { spec: KueueSpec | null; issues: ProfileFieldIssue[] } {
  const r = new Reader();
  const top = r.mapping(
    raw,
    path,
    ['resourceFlavors', 'cohorts', 'clusterQueues', 'fairSharing'],
    UNMODELLED_BLOCK_FIELDS,
  );
  if (top === null) return { spec: null, issues: r.issues };
  const flavors = r
    .list(
      top['resourceFlavors'],
      [...path, 'resourceFlavors'],
      KUEUE_LIMITS.resourceFlavors,
      'resource flavors',
    )
    .flatMap((f, i) => readFlavor(r, f, [...path, 'resourceFlavors', i]) ?? []);
  const declared = r
    .list(top['cohorts'], [...path, 'cohorts'], KUEUE_LIMITS.cohorts, 'cohorts')
    .flatMap((c, i) => readCohort(r, c, [...path, 'cohorts', i]) ?? []);
  const cqs = r
    .list(top['clusterQueues'], [...path, 'clusterQueues'], KUEUE_LIMITS.clusterQueues, 'ClusterQueues')
    .flatMap((q, i) => readClusterQueue(r, q, [...path, 'clusterQueues', i]) ?? []);
  if (cqs.length === 0 && top['clusterQueues'] === undefined)
    r.report('missing-field', [...path, 'clusterQueues'], 'profile kueue needs at least one ClusterQueue');
  const spec: KueueSpec = {
    kind: 'kueue',
    fairSharing: readFairSharingConfig(r, top['fairSharing'], [...path, 'fairSharing']),
    resourceFlavors: flavors.map((f) => f.spec),
    cohorts: withImplicitCohorts(declared, cqs),
    clusterQueues: cqs.map((q) => q.spec),
  };
  crossCheck(r, spec, flavors, declared, cqs);
  return { spec, issues: r.issues };
}

interface Located<T> {
  spec: T;
  path: Path;
}

function readFlavor(r: Reader, raw: unknown, path: Path): Located<ResourceFlavorSpec> | null {
  const m = r.mapping(raw, path, ['name', 'nodeLabels'], {
    nodeTaints: 'flavor taints and tolerations are not modelled',
    tolerations: 'flavor taints and tolerations are not modelled',
    topologyName: 'topology-aware scheduling is not modelled for profile kueue',
  });
  if (m === null) return null;
  const name = r.name(m['name'], [...path, 'name']);
  const labels: Record<string, string> = {};
  const rawLabels = m['nodeLabels'];
  if (rawLabels !== undefined && rawLabels !== null) {
    const lp = [...path, 'nodeLabels'];
    if (typeof rawLabels !== 'object' || Array.isArray(rawLabels))
      r.report('wrong-type', lp, 'expected a mapping of label keys to values');
    else {
      const entries = Object.entries(rawLabels as Record<string, unknown>);
      if (entries.length > KUEUE_LIMITS.nodeLabels)
        r.report('too-large', lp, `at most ${KUEUE_LIMITS.nodeLabels} labels, got ${entries.length}`);
      for (const [k, v] of entries.slice(0, KUEUE_LIMITS.nodeLabels)) {
        if (typeof v === 'string' && v.length <= 63) labels[k] = v;
        else
          r.report(
            'wrong-type',
            [...lp, k],
            `expected a label value (text up to 63 characters), got ${describe(v)}`,
          );
      }
    }
  }
  return name === null ? null : { spec: { name, nodeLabels: labels }, path };
}

function readCohort(r: Reader, raw: unknown, path: Path): Located<CohortSpec> | null {
  const m = r.mapping(raw, path, ['name', 'parentName', 'resourceGroups', 'fairSharing']);
  if (m === null) return null;
  const name = r.name(m['name'], [...path, 'name']);
  const parent = r.optionalName(m['parentName'], [...path, 'parentName']);
  const groups = readGroups(r, m['resourceGroups'], [...path, 'resourceGroups']);
  const fairWeight = readFairWeight(r, m['fairSharing'], [...path, 'fairSharing']);
  return name === null
    ? null
    : { spec: { name, parent, resourceGroups: groups, declared: true, fairWeight }, path };
}

function readClusterQueue(r: Reader, raw: unknown, path: Path): Located<ClusterQueueSpec> | null {
  const m = r.mapping(
    raw,
    path,
    [
      'name',
      'cohortName',
      'queueingStrategy',
      'resourceGroups',
      'preemption',
      'flavorFungibility',
      'fairSharing',
    ],
    UNMODELLED_CQ_FIELDS,
  );
  if (m === null) return null;
  const name = r.name(m['name'], [...path, 'name']);
  const cohort = r.optionalName(m['cohortName'], [...path, 'cohortName']);
  // clusterqueue_types.go:105-106: default BestEffortFIFO.
  const queueingStrategy = r.choice(
    m['queueingStrategy'],
    [...path, 'queueingStrategy'],
    ['BestEffortFIFO', 'StrictFIFO'] as const,
    'BestEffortFIFO',
  );
  const resourceGroups = readGroups(r, m['resourceGroups'], [...path, 'resourceGroups']);
  const preemption = readPreemption(r, m['preemption'], [...path, 'preemption']);
  const flavorFungibility = readFungibility(r, m['flavorFungibility'], [...path, 'flavorFungibility']);
  const fairWeight = readFairWeight(r, m['fairSharing'], [...path, 'fairSharing']);
  return name === null
    ? null
    : {
        spec: { name, cohort, queueingStrategy, resourceGroups, preemption, flavorFungibility, fairWeight },
        path,
      };
}

/**
 * `fairSharing: {weight}` of a ClusterQueue or Cohort: a quantity, default 1 (fair_sharing.go:202-216
 * parseFairWeight; fairsharing_types.go:37 default=1), 0 or above 1e-9 (fairsharing_types.go:36).
 */
function readFairWeight(r: Reader, raw: unknown, path: Path): number {
  if (raw === undefined || raw === null) return 1;
  const m = r.mapping(raw, path, ['weight']);
  const w = m?.['weight'];
  if (w === undefined || w === null) return 1;
  const wp = [...path, 'weight'];
  if (typeof w !== 'string' && typeof w !== 'number') {
    r.report('invalid-quantity', wp, `expected a weight such as 1, 2 or "500m", got ${describe(w)}`);
    return 1;
  }
  const q = parseQuantity(w);
  if (!q.ok) {
    r.report('invalid-quantity', wp, q.error);
    return 1;
  }
  const v = q.value;
  if (v < 0 || v > KUEUE_LIMITS.fairWeight || (v !== 0 && v <= KUEUE_LIMITS.minFairWeight)) {
    r.report(
      'out-of-range',
      wp,
      `a fair-sharing weight is 0, or above ${KUEUE_LIMITS.minFairWeight} and at most ${KUEUE_LIMITS.fairWeight}, got ${describe(w)}`,
    );
    return 1;
  }
  return v;
}

/**
 * The Configuration's `fairSharing` (configuration_types.go:742-766), checked as pkg/config/validation.go:
 * 389-431 does: preemptionStrategies required, one of the three supported lists.
 */
function readFairSharingConfig(r: Reader, raw: unknown, path: Path): FairSharingConfig | null {
  if (raw === undefined || raw === null) return null;
  const m = r.mapping(raw, path, ['preemptionStrategies']);
  if (m === null) return null;
  const sp = [...path, 'preemptionStrategies'];
  const list = m['preemptionStrategies'];
  if (list === undefined || list === null) {
    r.report('missing-field', sp, 'required field "preemptionStrategies" is missing (must be specified)');
    return null;
  }
  const supported = SUPPORTED_STRATEGY_LISTS.find(
    (s) => Array.isArray(list) && s.length === list.length && s.every((x, i) => x === list[i]),
  );
  if (supported === undefined) {
    r.report(
      'invalid-value',
      sp,
      `expected one of ${SUPPORTED_STRATEGY_LISTS.map((s) => `[${s.join(', ')}]`).join(', ')}, got ${Array.isArray(list) ? `[${list.map((x) => describe(x)).join(', ')}]` : describe(list)}`,
    );
    return null;
  }
  return { preemptionStrategies: supported };
}

/** pkg/config/validation.go:389-400 validStrategySets. */
const SUPPORTED_STRATEGY_LISTS: readonly (readonly FairSharingStrategy[])[] = [
  ['LessThanOrEqualToFinalShare'],
  ['LessThanInitialShare'],
  ['LessThanOrEqualToFinalShare', 'LessThanInitialShare'],
];

/** clusterqueue_types.go:517-593: every policy defaults to Never; the threshold is unset. */
function readPreemption(r: Reader, raw: unknown, path: Path): ClusterQueuePreemptionSpec {
  const m =
    raw === undefined || raw === null
      ? {}
      : (r.mapping(raw, path, ['withinClusterQueue', 'reclaimWithinCohort', 'borrowWithinCohort']) ?? {});
  const bwc = m['borrowWithinCohort'];
  const b =
    bwc === undefined || bwc === null
      ? {}
      : (r.mapping(bwc, [...path, 'borrowWithinCohort'], ['policy', 'maxPriorityThreshold']) ?? {});
  let threshold: number | null = null;
  const t = b['maxPriorityThreshold'];
  if (t !== undefined && t !== null) {
    // An int32 in the API (clusterqueue_types.go:593).
    if (typeof t === 'number' && Number.isInteger(t) && t >= -2147483648 && t <= 2147483647) threshold = t;
    else
      r.report(
        'out-of-range',
        [...path, 'borrowWithinCohort', 'maxPriorityThreshold'],
        `expected a 32-bit integer priority, got ${describe(t)}`,
      );
  }
  return {
    withinClusterQueue: r.choice(
      m['withinClusterQueue'],
      [...path, 'withinClusterQueue'],
      ['Never', 'LowerPriority', 'LowerOrNewerEqualPriority'] as const,
      'Never',
    ),
    reclaimWithinCohort: r.choice(
      m['reclaimWithinCohort'],
      [...path, 'reclaimWithinCohort'],
      ['Never', 'LowerPriority', 'Any'] as const,
      'Never',
    ),
    borrowWithinCohort: {
      policy: r.choice(
        b['policy'],
        [...path, 'borrowWithinCohort', 'policy'],
        ['Never', 'LowerPriority'] as const,
        'Never',
      ),
      maxPriorityThreshold: threshold,
    },
  };
}

/** clusterqueue_types.go:456-493: MayStopSearch / TryNextFlavor by default, no preference. */
function readFungibility(r: Reader, raw: unknown, path: Path): FlavorFungibilitySpec {
  const m =
    raw === undefined || raw === null
      ? {}
      : (r.mapping(raw, path, ['whenCanBorrow', 'whenCanPreempt', 'preference']) ?? {});
  const policies = ['MayStopSearch', 'TryNextFlavor'] as const;
  const pref = m['preference'];
  return {
    whenCanBorrow: r.choice(m['whenCanBorrow'], [...path, 'whenCanBorrow'], policies, 'MayStopSearch'),
    whenCanPreempt: r.choice(m['whenCanPreempt'], [...path, 'whenCanPreempt'], policies, 'TryNextFlavor'),
    preference:
      pref === undefined || pref === null
        ? null
        : r.choice(
            pref,
            [...path, 'preference'],
            ['BorrowingOverPreemption', 'PreemptionOverBorrowing'] as const,
            'BorrowingOverPreemption',
          ),
  };
}

function readGroups(r: Reader, raw: unknown, path: Path): ResourceGroupSpec[] {
  const out: ResourceGroupSpec[] = [];
  const covered = new Map<ResourceName, number>();
  r.list(raw, path, KUEUE_LIMITS.resourceGroups, 'resource groups').forEach((g, gi) => {
    const gp = [...path, gi];
    const m = r.mapping(g, gp, ['coveredResources', 'flavors']);
    if (m === null) return;
    const resources = r
      .list(m['coveredResources'], [...gp, 'coveredResources'], KUEUE_LIMITS.resourcesPerFlavor, 'resources')
      .flatMap((n, i) => r.resourceName(n, [...gp, 'coveredResources', i]) ?? []);
    for (const [i, res] of resources.entries()) {
      const prev = covered.get(res);
      // clusterqueue_types.go:257-265: a resource is covered by one group only.
      if (prev !== undefined)
        r.report(
          'duplicate-name',
          [...gp, 'coveredResources', i],
          `resource ${res} is already covered by resourceGroups[${prev}]`,
        );
      covered.set(res, gi);
    }
    const flavorNames = new Set<string>();
    const flavors = r
      .list(m['flavors'], [...gp, 'flavors'], KUEUE_LIMITS.flavorsPerGroup, 'flavors')
      .flatMap((f, fi) => {
        const fp = [...gp, 'flavors', fi];
        const fm = r.mapping(f, fp, ['name', 'resources']);
        if (fm === null) return [];
        const name = r.name(fm['name'], [...fp, 'name']);
        if (name === null) return [];
        if (flavorNames.has(name))
          r.report(
            'duplicate-name',
            [...fp, 'name'],
            `flavor ${JSON.stringify(name)} is listed twice in this resource group`,
          );
        flavorNames.add(name);
        const quotas = r
          .list(fm['resources'], [...fp, 'resources'], KUEUE_LIMITS.resourcesPerFlavor, 'resources')
          .flatMap((q, qi) => {
            const qp = [...fp, 'resources', qi];
            const qm = r.mapping(q, qp, ['name', 'nominalQuota', 'borrowingLimit', 'lendingLimit']);
            if (qm === null) return [];
            const res = r.resourceName(qm['name'], [...qp, 'name']);
            const nominal =
              qm['nominalQuota'] === undefined ? 0 : r.quantity(qm['nominalQuota'], [...qp, 'nominalQuota']);
            const limit = (key: string): number | null =>
              qm[key] === undefined || qm[key] === null ? null : r.quantity(qm[key], [...qp, key]);
            const borrowingLimit = limit('borrowingLimit');
            const lendingLimit = limit('lendingLimit');
            if (res !== null && !resources.includes(res))
              r.report(
                'invalid-value',
                [...qp, 'name'],
                `resource ${res} is not in this group's coveredResources`,
              );
            // clusterqueue_types.go:337-342: lendingLimit is at most nominalQuota.
            if (lendingLimit !== null && nominal !== null && lendingLimit > nominal)
              r.report('out-of-range', [...qp, 'lendingLimit'], 'lendingLimit must not exceed nominalQuota');
            if (res === null || nominal === null) return [];
            const quota: ResourceQuotaSpec = {
              name: res,
              nominalQuota: nominal,
              borrowingLimit,
              lendingLimit,
            };
            return [quota];
          });
        // clusterqueue_types.go:283-297: every covered resource has a quota in every flavor.
        for (const res of resources)
          if (!quotas.some((q) => q.name === res))
            r.report(
              'missing-field',
              [...fp, 'resources'],
              `flavor ${JSON.stringify(name)} has no quota for covered resource ${res}`,
            );
        return [{ name, resources: quotas }];
      });
    out.push({ coveredResources: resources, flavors });
  });
  return out;
}

/** Cohorts named by a ClusterQueue or a parent but never declared exist with no quota (as upstream). */
function withImplicitCohorts(
  declared: readonly Located<CohortSpec>[],
  cqs: readonly Located<ClusterQueueSpec>[],
): CohortSpec[] {
  const out = declared.map((c) => c.spec);
  const known = new Set(out.map((c) => c.name));
  const add = (name: string | null) => {
    if (name === null || known.has(name)) return;
    known.add(name);
    out.push({ name, parent: null, resourceGroups: [], declared: false, fairWeight: 1 });
  };
  for (const c of declared) add(c.spec.parent);
  for (const q of cqs) add(q.spec.cohort);
  return out;
}

function crossCheck(
  r: Reader,
  spec: KueueSpec,
  flavors: readonly Located<ResourceFlavorSpec>[],
  cohorts: readonly Located<CohortSpec>[],
  cqs: readonly Located<ClusterQueueSpec>[],
): void {
  const seen = new Map<string, Path>();
  const unique = (name: string, p: Path, what: string) => {
    if (seen.has(name))
      r.report(
        'duplicate-name',
        [...p, 'name'],
        `${what} name ${JSON.stringify(name)} is already used (ClusterQueues and Cohorts share one namespace here, as queue cards)`,
      );
    else seen.set(name, p);
  };
  for (const c of cohorts) unique(c.spec.name, c.path, 'Cohort');
  for (const q of cqs) unique(q.spec.name, q.path, 'ClusterQueue');
  const flavorNames = new Set<string>();
  for (const f of flavors) {
    if (flavorNames.has(f.spec.name))
      r.report(
        'duplicate-name',
        [...f.path, 'name'],
        `ResourceFlavor ${JSON.stringify(f.spec.name)} is declared twice`,
      );
    flavorNames.add(f.spec.name);
  }
  const checkFlavors = (groups: readonly ResourceGroupSpec[], p: Path) =>
    groups.forEach((g, gi) =>
      g.flavors.forEach((f, fi) => {
        if (!flavorNames.has(f.name))
          r.report(
            'invalid-value',
            [...p, 'resourceGroups', gi, 'flavors', fi, 'name'],
            `no ResourceFlavor named ${JSON.stringify(f.name)} in kueue.resourceFlavors`,
          );
      }),
    );
  for (const q of cqs) checkFlavors(q.spec.resourceGroups, q.path);
  for (const c of cohorts) checkFlavors(c.spec.resourceGroups, c.path);
  // A cohort naming a ClusterQueue as parent, or a cycle of parentName (hierarchy/cycle.go), is refused.
  const cqNames = new Set(cqs.map((q) => q.spec.name));
  const parentOf = new Map(spec.cohorts.map((c) => [c.name, c.parent]));
  for (const c of cohorts) {
    if (c.spec.parent !== null && cqNames.has(c.spec.parent))
      r.report(
        'invalid-value',
        [...c.path, 'parentName'],
        `${JSON.stringify(c.spec.parent)} is a ClusterQueue; a cohort's parent is a cohort`,
      );
    let at: string | null = c.spec.parent;
    for (let depth = 1; at !== null; depth++) {
      if (at === c.spec.name) {
        r.report(
          'invalid-value',
          [...c.path, 'parentName'],
          `cohort ${JSON.stringify(c.spec.name)} is its own ancestor (a cycle of parentName)`,
        );
        break;
      }
      if (depth > KUEUE_LIMITS.cohortDepth) {
        r.report(
          'too-large',
          [...c.path, 'parentName'],
          `the cohort tree is deeper than ${KUEUE_LIMITS.cohortDepth} levels`,
        );
        break;
      }
      at = parentOf.get(at) ?? null;
    }
  }
  for (const q of cqs)
    if (q.spec.cohort !== null && cqNames.has(q.spec.cohort))
      r.report(
        'invalid-value',
        [...q.path, 'cohortName'],
        `${JSON.stringify(q.spec.cohort)} is a ClusterQueue, not a cohort`,
      );
}
