/// <reference types="vite/client" />
/**
 * "New scenario" templates, one per profile that runs today. Volcano and kube-batch templates are added
 * here when the engine runs those profiles (a template must run as it is; a test checks that each does).
 */
import kai from './kai.yaml?raw';

export interface ScenarioTemplate {
  profile: string;
  label: string;
  text: string;
}

export const SCENARIO_TEMPLATES: readonly ScenarioTemplate[] = [
  { profile: 'kai', label: 'KAI-Scheduler', text: kai },
];
