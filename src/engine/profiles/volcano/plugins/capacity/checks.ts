/**
 * The resource comparisons the capacity plugin makes (volcano `pkg/scheduler/api/resource_info.go`
 * @ed72c7c8), with the names of the dimensions that decided, for the trace. Quantities within the
 * minimum (VOLCANO_TOLERANCE) count as equal, as upstream's `minResource`.
 */
import { RESOURCE_NAMES, type ResourceName, type Resources } from '../../../../model/resources';
import { VOLCANO_TOLERANCE } from '../../../../framework/NodeAccount';

const T = VOLCANO_TOLERANCE;
const SCALAR_CHECKED: readonly ResourceName[] = ['cpu', 'memory', 'gpu'];

/**
 * `LessEqualWithDimensionAndResourcesName(l, r, req)` (resource_info.go:479-528): the dimensions `req`
 * asks for where `l` exceeds `r`; `pods` is not compared. Empty = fits.
 */
export function exceedsOnRequested(l: Resources, r: Resources, req: Resources): ResourceName[] {
  return SCALAR_CHECKED.filter((n) => req[n] > 0 && l[n] > r[n] + T[n]);
}

/**
 * `LessEqualPartlyWithDimensionZeroFiltered(l, r, req)` (resource_info.go:681-711): some dimension `req`
 * asks for, used by `l` or `r`, where `l` ≤ `r`. Returns those dimensions (empty = none).
 */
export function fitsSomeRequested(l: Resources, r: Resources, req: Resources): ResourceName[] {
  return SCALAR_CHECKED.filter(
    (n) => req[n] > 0 && !(l[n] < T[n] && r[n] < T[n]) && (l[n] < r[n] || Math.abs(l[n] - r[n]) < T[n]),
  );
}

/**
 * `GreaterPartlyWithRelevantDimensions(allocated, deserved, req)` (resource_info.go:854-887): dimensions
 * `req` asks for that deserved names (cpu/memory at least the minimum; gpu when present at all) where
 * allocated is above deserved.
 */
export function aboveOnRelevant(
  allocated: Resources,
  deserved: Resources,
  deservedGpu: boolean,
  req: Resources,
): ResourceName[] {
  return SCALAR_CHECKED.filter((n) => {
    if (!(req[n] > 0)) return false;
    if (n === 'gpu' ? !deservedGpu : deserved[n] < T[n]) return false;
    return allocated[n] > deserved[n];
  });
}

/** `Intersection(a, b)` (resource_info.go:1060-1077): dimensions both use (≥ the minimum), pods included. */
export function intersection(a: Resources, b: Resources): ResourceName[] {
  return RESOURCE_NAMES.filter((n) => a[n] >= T[n] && b[n] >= T[n]);
}

/** `guarantee.LessEqual(allocated − req, Zero)` (capacity.go:1859-1870): the guarantee still holds. */
export function keepsGuarantee(allocated: Resources, req: Resources, guarantee: Resources): boolean {
  return RESOURCE_NAMES.every((n) => {
    const left = allocated[n] - req[n];
    return guarantee[n] < left || Math.abs(guarantee[n] - left) < T[n];
  });
}

/** Plain-words resource vector for messages: only the dimensions that are set. */
export function fmtRes(r: Resources): string {
  const parts: string[] = [];
  if (r.gpu) parts.push(`${fmtNum(r.gpu)} GPU`);
  parts.push(`${fmtNum(r.cpu)} CPU`);
  parts.push(
    Number.isFinite(r.memory) ? `${Math.round((r.memory / 2 ** 30) * 100) / 100} GiB` : 'unlimited memory',
  );
  return parts.join(', ');
}

function fmtNum(x: number): string {
  return Number.isFinite(x) ? String(Math.round(x * 1000) / 1000) : 'unlimited';
}
