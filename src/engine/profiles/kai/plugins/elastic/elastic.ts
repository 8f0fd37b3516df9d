/**
 * `elastic`: among jobs of equal priority, those below minAvailable go first, then those exactly at it,
 * then those above it (growth of an already satisfied elastic job comes last).
 */
import type { JobInfo } from '../../framework/JobInfo';
import type { Plugin } from '../../framework/Plugin';
import type { PluginConfig } from '../../../../model/scenario';

function state(job: JobInfo): number {
  const placed = job.placed;
  return placed < job.minAvailable ? 0 : placed === job.minAvailable ? 1 : 2;
}

export function createElasticPlugin(_config: PluginConfig): Plugin {
  return {
    name: 'elastic',
    onSessionOpen(ssn) {
      ssn.register('jobOrder', (a, b) => state(a) - state(b));
    },
  };
}
