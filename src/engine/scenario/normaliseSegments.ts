/**
 * A job's `segments` (docs/scenario-format.md §21, addition): KAI's segment annotations
 * (`kai.scheduler/segment-size`, `kai.scheduler/segment-topology-required-placement`, `…-preferred-placement`,
 * KAI pkg/podgrouper/podgrouper/plugins/constants/constants.go:28-30 @d5bc503). The scheduler never sees them:
 * the PodGrouper turns them into subgroups (KAI pkg/podgrouper/podgrouper/plugins/kubeflow/pytorch/
 * pytorch_grouper.go:129-216 @d5bc503), and so does this reader, with the same shape:
 * - a set `worker` whose `minSubGroup` is the number of segments;
 * - leaves `worker-0`, `worker-1`, … each with the segment constraint; task i goes to segment ⌊i/size⌋
 *   (getPodSegmentIndex :220-236, the task's position standing for the pod's replica index);
 * - segments that start within the job's `minAvailable` are mandatory with `minMember` = size (the last one
 *   its remainder), the others elastic with `minMember` 0 (:194-213).
 * Upstream ignores segment annotations silently when no topology resolves (docs/topology/segments.md); here
 * that is an error at the field, as is every other input the PodGrouper would reject or drop.
 */
import type { SegmentSpec, SubGroupSpec, TaskSpec } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import type { FieldPath } from './fieldPath';
import { isMapping, readFields } from './readFields';
import { countSchema, nameSchema, nested } from './schema';
import { readTopologyConstraint, rememberConstraint } from './normaliseTopology';

/** The set that holds the segments, and the prefix of their names (pytorch_grouper.go:190,199). */
export const SEGMENT_SET = 'worker';

const SEGMENT_FIELDS = {
  size: countSchema,
  topology: nameSchema,
  requiredTopologyLevel: nested,
  preferredTopologyLevel: nested,
};

/** What the expansion adds to the job: its subgroups, the segment spec, and the least tasks that satisfy it. */
export interface ExpandedSegments {
  subGroups: SubGroupSpec[];
  segments: SegmentSpec;
  minTasks: number;
}

/**
 * Reads `segments` and expands it. `jobTopology` is the job's own `topologyConstraint.topology` (the
 * workload-level `kai.scheduler/topology`, used when the segment names none); `minAvailable` is the job's
 * written minimum (upstream's worker minAvailable), default every task. Tasks get their `subGroup`.
 */
export function expandSegments(
  raw: unknown,
  path: FieldPath,
  tasks: readonly TaskSpec[],
  minAvailable: number | undefined,
  jobTopology: string | undefined,
  maxSubGroups: number,
  ctx: NormaliseContext,
): ExpandedSegments | null {
  const f = readFields(raw, path, SEGMENT_FIELDS, ctx.sink, {
    required: ['size'],
    what: 'segments ({size, topology?, requiredTopologyLevel?, preferredTopologyLevel?})',
  });
  if (f === null || f.size === undefined) return null;
  const size = f.size;
  // docs/topology/segments.md "Limitations": segment-size must be > 1 and not above the replica count.
  if (size < 2 || size > tasks.length) {
    ctx.sink.report(
      'out-of-range',
      [...path, 'size'],
      `segment size must be at least 2 and at most the job's ${tasks.length} task${tasks.length === 1 ? '' : 's'} (got ${size})`,
    );
    return null;
  }
  const count = Math.ceil(tasks.length / size);
  if (count + 1 > maxSubGroups) {
    ctx.sink.report(
      'out-of-range',
      [...path, 'size'],
      `${count} segments would need ${count + 1} subgroups; a job has at most ${maxSubGroups} (use a larger size)`,
    );
    return null;
  }
  const topology = f.topology ?? jobTopology;
  if (topology === undefined) {
    ctx.sink.report(
      'missing-field',
      [...path, 'topology'],
      'segments need a topology: write segments.topology or a job topologyConstraint (KAI ignores segment annotations without one; the lab refuses them)',
    );
    return null;
  }
  const written = readTopologyConstraint(
    {
      topology,
      requiredTopologyLevel: f.requiredTopologyLevel,
      preferredTopologyLevel: f.preferredTopologyLevel,
    },
    path,
    ctx,
  );
  if (written === null) return null;
  // A task may name its segment (an imported pod carries its subgroup label), but only the one its position gives.
  tasks.forEach((t, i) => {
    const own = `${SEGMENT_SET}-${Math.floor(i / size)}`;
    if (t.subGroup !== undefined && t.subGroup !== own)
      ctx.sink.report(
        'invalid-subgroups',
        [...path.slice(0, -1), 'tasks', i, 'subGroup'],
        `a job with segments assigns task ${i} to segment ${JSON.stringify(own)} by its position; remove subGroup`,
      );
  });
  const mandatory = Math.ceil((minAvailable ?? tasks.length) / size);
  const remainder = tasks.length % size;
  const subGroups: SubGroupSpec[] = [{ name: SEGMENT_SET, parent: null, minMember: 0, minSubGroup: count }];
  let minTasks = 0;
  for (let i = 0; i < count; i++) {
    const minMember = i >= mandatory ? 0 : remainder !== 0 && i === count - 1 ? remainder : size;
    minTasks += minMember;
    const g: SubGroupSpec = {
      name: `${SEGMENT_SET}-${i}`,
      parent: SEGMENT_SET,
      minMember,
      minSubGroup: null,
    };
    subGroups.push(g);
    rememberConstraint(g, written, path);
  }
  // Deleted first so the key always comes last: a task that named its segment reads the same as one that did not.
  tasks.forEach((t, i) => {
    const task = t as { subGroup?: string };
    delete task.subGroup;
    task.subGroup = `${SEGMENT_SET}-${Math.floor(i / size)}`;
  });
  if (isMapping(raw)) ctx.origins.set(subGroups[0] as SubGroupSpec, path);
  const segments: SegmentSpec = {
    size,
    constraint: { topology, requiredLevel: written.required, preferredLevel: written.preferred },
  };
  return { subGroups, segments, minTasks };
}
