/** The Volcano (or kube-batch) extras of a job, as the engine sent them; null for any other profile's job. */
import type { JobState } from '../../../engine/model/snapshot';
import type { VolcanoJobExtras } from '../../../engine/profiles/volcano/jobExtras';

export function volcanoExtrasOf(job: JobState | null | undefined): VolcanoJobExtras | null {
  const x = job?.extras as Partial<VolcanoJobExtras> | undefined;
  return x !== undefined && x.sla !== undefined && x.enqueue !== undefined ? (x as VolcanoJobExtras) : null;
}
