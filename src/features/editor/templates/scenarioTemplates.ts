/**
 * "New scenario" templates: each profile's UI module offers its own (`newScenario`, decision 0279), in the
 * registry's order. A template must run as it is (scenarioCompletion.test.ts runs each).
 */
import { UI_MODULES } from '../../profiles/uiRegistry';

export interface ScenarioTemplate {
  profile: string;
  label: string;
  text: string;
}

export const SCENARIO_TEMPLATES: readonly ScenarioTemplate[] = UI_MODULES.flatMap((m) =>
  m.newScenario === null ? [] : [{ profile: m.name, label: m.newScenario.label, text: m.newScenario.text }],
);
