/**
 * What of the scenario format KAI reads: every KAI-shaped field (it is the format's first profile), and no
 * Volcano task roles (KAI groups pods with subgroups instead, §22/§26).
 */
import type { FormatFeature, ProfileFormat } from '../../../framework/ProfileModule';

export const kaiFormat: ProfileFormat = {
  accepts: (feature: FormatFeature) => feature !== 'taskRoles',
  // Only task roles are refused; the reader asks only for a refused feature.
  whyRefused: () => 'KAI groups pods with subgroups instead',
  unreadQueueFields: {},
  unreadJobFields: {},
  unreadWorkloadFields: {},
  unsupported: () => null,
};
