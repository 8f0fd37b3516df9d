/**
 * The compare mapper's shape (issue 23 Deliver 4, decisions 0288 and 0309): a plain function from a
 * scenario of any profile onto one profile, with what it assumed. Each profile module carries its own
 * (`ProfileModule.mapScenario`); the registry's `mapScenarioTo` picks it. The mapping kit that builds
 * these results is `scenario/profileMapping/` (MappingLog.ts).
 */
import type { Profile, Scenario } from '../model/scenario';

/** A field of the source scenario, by its path, and what happened to it. */
export interface MappingNote {
  /** Field path in the source scenario (`queues[1].reclaimMinRuntime`, `scheduler.actions`). */
  path: string;
  text: string;
}

export type MappingResult =
  | {
      ok: true;
      profile: Profile;
      /** The mapped scenario, as the target profile's parser read it back (its defaults applied). */
      scenario: Scenario;
      assumptions: string[];
      unmapped: MappingNote[];
      /** Notes beyond `MAX_MAPPING_NOTES` (MappingLog.ts) that were counted, not listed. */
      unmappedOmitted: number;
    }
  | {
      ok: false;
      profile: Profile;
      /** Why the scenario cannot be expressed in `profile` (each a field path and a reason). */
      reasons: MappingNote[];
      assumptions: string[];
      unmapped: MappingNote[];
      unmappedOmitted: number;
    };

/** Maps a parsed scenario (of any profile) onto one profile. */
export type ScenarioMapper = (source: Scenario) => MappingResult;
