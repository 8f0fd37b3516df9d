/**
 * KAI subgroups on cluster objects (§22): a PodGroup's `spec.subGroups`, `spec.minSubGroup` and
 * `spec.stalenessGracePeriod` (KAI pkg/apis/scheduling/v2alpha2/podgroup_types.go:44-92,149 @d5bc503), and
 * a pod's `kai.scheduler/subgroup-name` label (pkg/common/constants/constants.go:79). The scenario parser
 * checks the tree; this only carries the fields across.
 */
import type { Data, FieldTracker } from './FieldTracker';
import { isData } from './FieldTracker';

export const SUBGROUP_LABEL = 'kai.scheduler/subgroup-name';

/** Adds the PodGroup's subgroup fields to a scenario job; returns whether it has subgroups. */
export function mapPodGroupSubGroups(t: FieldTracker, job: Data): boolean {
  const grace = t.get('spec.stalenessGracePeriod');
  if (typeof grace === 'string') job.stalenessGracePeriod = grace;
  const minSubGroup = t.get('spec.minSubGroup');
  if (typeof minSubGroup === 'number') job.minSubGroup = minSubGroup;
  const raw = t.peek('spec.subGroups');
  if (!Array.isArray(raw) || raw.length === 0) return false;
  job.subGroups = raw.map((entry: unknown, i) => {
    const out: Data = {};
    for (const key of ['name', 'parent', 'minMember', 'minSubGroup']) {
      const v = isData(entry) ? entry[key] : undefined;
      if (v !== undefined && v !== null) out[key] = t.get(`spec.subGroups.${i}.${key}`);
    }
    // KAI SubGroup.topologyConstraint (podgroup_types.go:176 @d5bc503), as the job's (§21).
    const c = isData(entry) ? entry['topologyConstraint'] : undefined;
    if (isData(c)) {
      const constraint: Data = {};
      for (const key of ['topology', 'requiredTopologyLevel', 'preferredTopologyLevel']) {
        const v = t.get(`spec.subGroups.${i}.topologyConstraint.${key}`);
        if (v !== undefined && v !== null && v !== '') constraint[key] = v;
      }
      if (constraint['topology'] !== undefined) out['topologyConstraint'] = constraint;
    }
    return out;
  });
  return true;
}

/** The pod's subgroup label as the task's `subGroup`. */
export function mapPodSubGroup(t: FieldTracker, labels: unknown, task: Data): void {
  if (isData(labels) && typeof labels[SUBGROUP_LABEL] === 'string') {
    task.subGroup = labels[SUBGROUP_LABEL];
    t.use(['metadata', 'labels', SUBGROUP_LABEL]);
  }
}
