/**
 * KAI's per-job snapshot extras (decision 0316): the job's min-runtime protections at the end of the
 * session, as the minruntime plugin would apply them (KAI pkg/scheduler/plugins/minruntime/minruntime.go
 * and resolvers.go @d5bc503a, modelled in queries/protectionModel.ts). They used to be core `JobState`
 * fields; shared views read them through model/protection.ts's `protectionsOf`.
 */
import type { ProtectionExtras } from '../../model/protection';
import type { JobExtras } from '../../model/snapshot';

export interface KaiJobExtras extends JobExtras, ProtectionExtras {
  readonly profile: 'kai';
}
