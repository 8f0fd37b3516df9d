/**
 * Gang's releasing-pod rule (volcano pkg/scheduler/plugins/gang/gang.go:302-321 @ed72c7c8, decision 0229):
 * a job that is not ready skips the Unschedulable condition at session close when its terminating pods
 * still on nodes, with its scheduled ones, make up minAvailable and it has nothing Pending or Pipelined
 * (a replacement pod still needs the condition, so it stays visible as work to schedule).
 */
import type { JobInfo } from '../../api/JobInfo';

export function shouldSkipUnschedulableForReleasing(job: JobInfo): boolean {
  const releasing = job.releasingScheduledTaskNum();
  if (releasing === 0) return false;
  if (job.countOf('Pending') > 0 || job.countOf('Pipelined') > 0) return false;
  return job.scheduledTaskNum() + releasing >= job.minAvailable;
}
