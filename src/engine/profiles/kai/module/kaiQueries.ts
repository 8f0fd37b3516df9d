/**
 * KAI's queries by kind. `minruntime`: the min-runtime resolution for a queue pair under the queues and
 * configuration in force at the end of a session (KAI pkg/scheduler/plugins/minruntime/resolvers.go
 * @d5bc503, modelled in ../plugins/minruntime/resolver.ts); it was `Simulation.resolve` before issue 23.
 */
import type { ProfileFrame, ProfileQuery } from '../../../framework/ProfileModule';
import type { ResolveQuery, ResolveResult } from '../../../model/protection';
import { kaiProtectionModel } from './kaiProtection';

/** Checks a query from outside (a message, a command line) and names the field it refuses. */
export function readResolveQuery(args: unknown): ResolveQuery {
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    throw new RangeError('minruntime query: expected {victimQueue, preemptorQueue?, method?}');
  const a = args as Record<string, unknown>;
  if (typeof a['victimQueue'] !== 'string')
    throw new RangeError('minruntime query: victimQueue must be a queue name');
  const q: ResolveQuery = { victimQueue: a['victimQueue'] };
  if (a['preemptorQueue'] !== undefined) {
    if (typeof a['preemptorQueue'] !== 'string')
      throw new RangeError('minruntime query: preemptorQueue must be a queue name');
    q.preemptorQueue = a['preemptorQueue'];
  }
  if (a['method'] !== undefined) {
    if (a['method'] !== 'lca' && a['method'] !== 'queue')
      throw new RangeError('minruntime query: method must be lca or queue');
    q.method = a['method'];
  }
  return q;
}

export const MIN_RUNTIME_QUERY: ProfileQuery = {
  kind: 'minruntime',
  meaning: 'min-runtime resolution for a victim queue (and a preemptor queue) under the config in force',
  run(frame: ProfileFrame, args: unknown): ResolveResult {
    return kaiProtectionModel(frame.config, frame.queues, frame.nodePools).resolve(readResolveQuery(args));
  },
};
