/** Writes a job's §22 subgroup fields back in the form `normaliseSubGroups` reads (round trip). */
import type { JobSpec, SegmentSpec } from '../model/scenario';
import { formatDuration } from '../model/duration';
import { topologyConstraintData } from './serialiseTopology';

type Data = Record<string, unknown>;

export function subGroupData(job: JobSpec): Data {
  const out: Data = {};
  if (job.subGroups !== undefined && job.subGroups.length > 0) {
    out['subGroups'] = job.subGroups.map((g) => {
      const entry: Data = { name: g.name };
      if (g.parent !== null) entry['parent'] = g.parent;
      if (g.minSubGroup !== null) entry['minSubGroup'] = g.minSubGroup;
      else if (!job.subGroups?.some((c) => c.parent === g.name)) entry['minMember'] = g.minMember;
      if (g.topologyConstraint !== undefined)
        entry['topologyConstraint'] = topologyConstraintData(g.topologyConstraint);
      return entry;
    });
    if (job.minSubGroup !== undefined && job.minSubGroup !== null) out['minSubGroup'] = job.minSubGroup;
  }
  if (job.stalenessGracePeriodMs !== undefined && job.stalenessGracePeriodMs !== null)
    out['stalenessGracePeriod'] = formatDuration(job.stalenessGracePeriodMs);
  return out;
}

/** `segments` as written (§21): the size and the segment levels; the topology is always written. */
export function segmentData(s: SegmentSpec): Data {
  const c = topologyConstraintData(s.constraint);
  return { size: s.size, ...c };
}

/** A job with segments seen without their expansion (no subgroups, no task subGroup), for the serialiser. */
export function withoutSegmentExpansion(job: JobSpec): JobSpec {
  if (job.segments === undefined) return job;
  const { subGroups: _s, minSubGroup: _m, segments: _g, ...rest } = job;
  return {
    ...rest,
    tasks: job.tasks.map((t) => {
      const { subGroup: _sg, ...task } = t;
      return task;
    }),
  };
}
