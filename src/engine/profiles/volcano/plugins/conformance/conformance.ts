/**
 * `conformance` plugin (reference §4.4): Preemptable and Reclaimable drop pods of the critical priority
 * classes and of namespace `kube-system`; every other candidate is a victim (Permit). Same in kube-batch.
 */
import type { TaskInfo } from '../../api/JobInfo';
import type { VictimVote } from '../../framework/points';
import type { VolcanoPlugin, VolcanoPluginFactory } from '../../framework/Plugin';
import { CRITICAL_CLASSES } from '../../framework/Session';

function evictable(_preemptor: TaskInfo, candidates: readonly TaskInfo[]): VictimVote {
  const victims: TaskInfo[] = [];
  const kept: string[] = [];
  for (const c of candidates) {
    const cls = c.job.spec.priorityClassName;
    if ((cls !== null && CRITICAL_CLASSES.includes(cls)) || c.job.spec.namespace === 'kube-system') kept.push(c.name);
    else victims.push(c);
  }
  return {
    victims,
    abstain: false,
    message: () =>
      kept.length > 0
        ? `protects ${kept.join(', ')} (critical priority class or namespace kube-system)`
        : 'no candidate is critical or in kube-system',
  };
}

export const createConformancePlugin: VolcanoPluginFactory = (): VolcanoPlugin => ({
  name: 'conformance',
  onSessionOpen(ssn, self) {
    ssn.add('preemptable', self, evictable);
    ssn.add('reclaimable', self, evictable);
  },
});
