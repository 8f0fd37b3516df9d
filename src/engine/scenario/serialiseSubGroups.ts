/** Writes a job's §22 subgroup fields back in the form `normaliseSubGroups` reads (round trip). */
import type { JobSpec } from '../model/scenario';
import { formatDuration } from '../model/duration';

type Data = Record<string, unknown>;

export function subGroupData(job: JobSpec): Data {
  const out: Data = {};
  if (job.subGroups !== undefined && job.subGroups.length > 0) {
    out['subGroups'] = job.subGroups.map((g) => {
      const entry: Data = { name: g.name };
      if (g.parent !== null) entry['parent'] = g.parent;
      if (g.minSubGroup !== null) entry['minSubGroup'] = g.minSubGroup;
      else if (!job.subGroups?.some((c) => c.parent === g.name)) entry['minMember'] = g.minMember;
      return entry;
    });
    if (job.minSubGroup !== undefined && job.minSubGroup !== null) out['minSubGroup'] = job.minSubGroup;
  }
  if (job.stalenessGracePeriodMs !== undefined && job.stalenessGracePeriodMs !== null)
    out['stalenessGracePeriod'] = formatDuration(job.stalenessGracePeriodMs);
  return out;
}
