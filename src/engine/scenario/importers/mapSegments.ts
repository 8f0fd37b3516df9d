/**
 * A job's `segments` (§21) on cluster objects: KAI's own annotation keys (KAI pkg/podgrouper/podgrouper/
 * plugins/constants/constants.go:28-30 @d5bc503, and `kai.scheduler/topology`), which upstream reads from the
 * worker PodTemplate. The export writes them on the PodGroup beside the subgroups they expanded into (what
 * KAI's scheduler reads), so that an import gives back `segments` and not their expansion; the pod group's
 * `minMember` then carries the job's written minimum (the PodGrouper's worker minAvailable).
 */
import type { JobSpec } from '../../model/scenario';
import type { Data, FieldTracker } from './FieldTracker';
import { isData } from './FieldTracker';

export const SEGMENT_SIZE_KEY = 'kai.scheduler/segment-size';
const REQUIRED_KEY = 'kai.scheduler/segment-topology-required-placement';
const PREFERRED_KEY = 'kai.scheduler/segment-topology-preferred-placement';
const TOPOLOGY_KEY = 'kai.scheduler/topology';

/** The PodGroup annotations for a job with segments (none otherwise). */
export function segmentAnnotations(job: JobSpec): Record<string, string> {
  const s = job.segments;
  if (s === undefined) return {};
  const out: Record<string, string> = {
    [SEGMENT_SIZE_KEY]: String(s.size),
    [TOPOLOGY_KEY]: s.constraint.topology,
  };
  if (s.constraint.requiredLevel !== null) out[REQUIRED_KEY] = s.constraint.requiredLevel;
  if (s.constraint.preferredLevel !== null) out[PREFERRED_KEY] = s.constraint.preferredLevel;
  return out;
}

/**
 * Reads the segment annotations of a PodGroup into `job.segments`, replacing the subgroups they expand into;
 * returns whether it did. A malformed size is left for the scenario parser to refuse at `segments.size`.
 */
export function mapPodGroupSegments(t: FieldTracker, job: Data): boolean {
  const annotations = t.peek('metadata.annotations');
  if (!isData(annotations) || typeof annotations[SEGMENT_SIZE_KEY] !== 'string') return false;
  const segments: Data = {};
  const size = annotations[SEGMENT_SIZE_KEY];
  segments.size = /^\d{1,6}$/.test(size) ? Number(size) : size;
  t.use(['metadata', 'annotations', SEGMENT_SIZE_KEY]);
  for (const [key, field] of [
    [TOPOLOGY_KEY, 'topology'],
    [REQUIRED_KEY, 'requiredTopologyLevel'],
    [PREFERRED_KEY, 'preferredTopologyLevel'],
  ] as const) {
    if (typeof annotations[key] !== 'string') continue;
    segments[field] = annotations[key];
    t.use(['metadata', 'annotations', key]);
  }
  job.segments = segments;
  delete job.subGroups;
  delete job.minSubGroup;
  const minMember = t.get('spec.minMember');
  if (typeof minMember === 'number') job.minAvailable = minMember;
  return true;
}
