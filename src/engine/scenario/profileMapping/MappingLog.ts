/**
 * What mapping a scenario written for one profile onto another says about itself (issue 23 Deliver 4,
 * decision 0288): the rules it assumed (one line each), the fields it could not carry over (each with its
 * field path and why), and, when the scenario cannot be expressed in the target profile at all, why not.
 * Nothing is dropped without a line here.
 */
import type { MappingNote } from '../../framework/ScenarioMapper';

// The result's types are the framework's: each profile module carries its mapper (ProfileModule.mapScenario).
export type { MappingNote, MappingResult, ScenarioMapper } from '../../framework/ScenarioMapper';

/** At most this many notes of one list are kept; the rest are counted (a 30,000-job scenario stays small). */
export const MAX_MAPPING_NOTES = 200;

/** Collects a mapping's lines in the order they are found, each assumption once. */
export class MappingLog {
  readonly assumptions: string[] = [];
  readonly unmapped: MappingNote[] = [];
  readonly refusals: MappingNote[] = [];
  unmappedOmitted = 0;
  private readonly seen = new Set<string>();

  /** A rule the mapping applied (said once however often it applied). */
  assume(text: string): void {
    if (this.seen.has(text)) return;
    this.seen.add(text);
    this.assumptions.push(text);
  }

  /** A field the target profile has no place for: left out, and listed. */
  drop(path: string, text: string): void {
    if (this.unmapped.length < MAX_MAPPING_NOTES) this.unmapped.push({ path, text });
    else this.unmappedOmitted++;
  }

  /** A field whose loss would change what the jobs ask for: the scenario cannot be expressed. */
  refuse(path: string, text: string): void {
    if (this.refusals.length < MAX_MAPPING_NOTES) this.refusals.push({ path, text });
  }
}
