/**
 * KAI's scenario-search budgets, made deterministic (decision 0241).
 *
 * Upstream bounds the victim search by wall-clock time (KAI pkg/common/constants/constants.go:38-43 @d5bc503:
 * 5 min per action, 4 min per job, 30 s for the node-local greedy generator, 2 min for the multi-node gang
 * generator; checked before every scenario, job_solver.go:330-334, and before each generator's next scenario,
 * scenario_generator.go:117-123). A job's budget running out stops its search; a generator's moves on to the
 * next generator. The lab must give the same answer on every machine, so time is counted in simulated
 * evictions — every task a tried scenario evicts — at an assumed 100,000 per second of upstream time.
 * Only searches that run upstream for tens of seconds can be cut; no workload the lab ships comes near.
 */
import type { Session } from '../../framework/Session';
import type { GeneratorName } from './scenarioGenerators';

/** Simulated evictions standing for one second of upstream search. */
export const EVICTIONS_PER_SECOND = 100_000;

export const SEARCH_BUDGET = {
  action: 300 * EVICTIONS_PER_SECOND,
  job: 240 * EVICTIONS_PER_SECOND,
  generator: {
    'node-local-greedy': 30 * EVICTIONS_PER_SECOND,
    'multi-node-gang': 120 * EVICTIONS_PER_SECOND,
  } satisfies Record<GeneratorName, number>,
} as const;

/** What each action of a session has spent (one budget per action per session, as upstream's per cycle). */
const spentByAction = new WeakMap<Session, Map<string, number>>();

export class JobSearchBudget {
  private jobSpent = 0;
  private generatorSpent = 0;
  private generatorLimit = 0;
  private readonly actions: Map<string, number>;

  constructor(
    ssn: Session,
    private readonly action: string,
  ) {
    let m = spentByAction.get(ssn);
    if (m === undefined) spentByAction.set(ssn, (m = new Map()));
    this.actions = m;
  }

  beginGenerator(name: GeneratorName): void {
    this.generatorSpent = 0;
    this.generatorLimit = SEARCH_BUDGET.generator[name];
  }

  spend(evictions: number): void {
    this.jobSpent += evictions;
    this.generatorSpent += evictions;
    this.actions.set(this.action, (this.actions.get(this.action) ?? 0) + evictions);
  }

  /** The job's (or the action's) budget is spent: the whole search stops. */
  jobExhausted(): boolean {
    return this.jobSpent >= SEARCH_BUDGET.job || (this.actions.get(this.action) ?? 0) >= SEARCH_BUDGET.action;
  }

  /** The current generator's budget is spent: the next generator is tried. */
  generatorExhausted(): boolean {
    return this.generatorSpent >= this.generatorLimit;
  }
}
