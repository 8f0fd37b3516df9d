/**
 * Volcano's and kube-batch's names (as in `volcano-scheduler.conf`) and defaults (docs/scenario-format.md
 * §1-2; Volcano's default actions are those of volcano pkg/scheduler/util.go:38 `DefaultSchedulerConf`
 * @ed72c7c8). Moved unchanged from the shared profiles/catalogue.ts (issue 23).
 */
import type { ProfileCatalogue } from '../../framework/ProfileModule';
import type { Dialect } from './framework/Session';

export const VOLCANO_CATALOGUE: ProfileCatalogue = {
  actions: ['enqueue', 'allocate', 'backfill', 'preempt', 'reclaim'],
  plugins: [
    'priority',
    'gang',
    'conformance',
    'overcommit',
    'drf',
    'predicates',
    'proportion',
    'nodeorder',
    'binpack',
    'sla',
    'capacity',
  ],
  defaultActions: ['enqueue', 'allocate', 'backfill'],
  defaultTiers: [
    ['priority', 'gang', 'conformance'],
    ['overcommit', 'drf', 'predicates', 'proportion', 'nodeorder'],
  ],
  defaultPriorityClasses: [],
  defaultQueuePriority: 0,
  defaultJobClass: null,
};

export const KUBE_BATCH_CATALOGUE: ProfileCatalogue = {
  actions: ['allocate', 'backfill', 'preempt', 'reclaim'],
  plugins: ['priority', 'gang', 'conformance', 'drf', 'predicates', 'proportion', 'nodeorder'],
  defaultActions: ['allocate', 'backfill'],
  defaultTiers: [
    ['priority', 'gang'],
    ['drf', 'predicates', 'proportion', 'nodeorder'],
  ],
  defaultPriorityClasses: [],
  defaultQueuePriority: 0,
  defaultJobClass: null,
};

export function catalogueOfDialect(dialect: Dialect): ProfileCatalogue {
  return dialect === 'kube-batch' ? KUBE_BATCH_CATALOGUE : VOLCANO_CATALOGUE;
}
