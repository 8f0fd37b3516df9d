/** The first problem of a scenario text, and how many more there are, for one-sentence refusals. */
import { formatIssue, type ScenarioIssue } from '../../engine/scenario/parseScenario';

export function firstProblem(errors: readonly ScenarioIssue[]): string {
  const [first] = errors;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return `${first === undefined ? '' : formatIssue(first)}${more}`;
}
