/**
 * The one place that lists every profile's compare mapper (issue 23 Deliver 4, decision 0288): a profile
 * adds its mapper with one line here. Each mapper is a plain function of the scenario, living in its
 * profile's folder.
 */
import type { Profile } from './model/scenario';
import type { ScenarioMapper } from './scenario/profileMapping/MappingLog';
import { mapScenarioToKai } from './profiles/kai/compareMapping';
import { mapScenarioToVolcano } from './profiles/volcano/compareMapping';
import { mapScenarioToKubeBatch } from './profiles/volcano/kubeBatchCompareMapping';
import { mapScenarioToKueue } from './profiles/kueue/compareMapping';

const MAPPERS: Record<Profile, ScenarioMapper> = {
  kai: mapScenarioToKai,
  volcano: mapScenarioToVolcano,
  'kube-batch': mapScenarioToKubeBatch,
  kueue: mapScenarioToKueue,
};

/** The mapper onto `profile`: a scenario of any profile → that profile's scenario, with what it assumed. */
export function mapScenarioTo(profile: Profile): ScenarioMapper {
  return MAPPERS[profile];
}
