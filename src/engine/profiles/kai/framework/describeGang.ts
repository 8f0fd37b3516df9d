/** How the trace names what a job's gang still needs (§22: the subgroups below their minimum). */
import type { JobInfo } from './JobInfo';
import { placedCount } from './subGroupAllocation';
import { shortSubGroups } from './subGroupTree';

export function describeGang(job: JobInfo): string {
  const tree = job.subGroupTree;
  if (tree === null) return `gang minAvailable ${job.minAvailable}`;
  const short = shortSubGroups(tree, placedCount);
  return short.length === 0 ? 'subgroups already at their minimums' : `short subgroups: ${short.join(', ')}`;
}
