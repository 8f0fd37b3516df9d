/**
 * What the property run keeps for one scenario and hands a profile's checks each session (decision 0311):
 * `ProfileCheckContext.run` is this, typed `unknown` in the framework (which does not depend on the testing
 * layer); a profile's `testing/` folder reads it through `runStateOf`.
 */
import type { ProfileCheckContext } from '../../framework/ProfileModule';
import type { BrokenByNodeRemoval } from './checkGangs';
import type { ScenarioFacts } from './sessionFacts';

export interface PropertyRunState {
  readonly facts: ScenarioFacts;
  /** Jobs exempt from the gang check this session (a removed node or upstream's own actions took tasks). */
  readonly broken: BrokenByNodeRemoval;
}

export function runStateOf(context: ProfileCheckContext): PropertyRunState {
  return context.run as PropertyRunState;
}
