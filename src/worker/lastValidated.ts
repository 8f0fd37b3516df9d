/**
 * The editor checks a text as it is typed (`validate`) and then applies the same text (`load`): both parsed
 * it, and at 140,000 pods that reading is 1.3-1.8 s of the worker's time before the first session (decision
 * 0336). The last validated text's parse result is kept for one load of exactly that text: the load takes it
 * (and forgets it), so each parsed scenario still goes to at most one simulation, as when every load parsed
 * its own. Parsing is deterministic and `validate` only reads the result, so what the load gets is what a
 * fresh parse would give. One entry, dropped by the next validate or load: the worker holds at most one
 * extra parsed scenario, and only while the text it was checked for is still the editor's latest.
 */
export interface LastValidated<R> {
  /** Parses `text` as `validate` does and keeps the result for a load of the same text. */
  validate(text: string): R;
  /** The kept result if `text` is the last validated one (then forgotten), else a fresh parse. */
  forLoad(text: string): R;
  /** The last validated text if it is still kept and `length` characters long, else null. */
  keptText(length: number): string | null;
  /** Forgets the kept result (a load that parses its own way). */
  drop(): void;
}

export function createLastValidated<R>(parse: (text: string) => R): LastValidated<R> {
  let last: { text: string; result: R } | null = null;
  return {
    validate(text) {
      last = null; // never two parsed scenarios held at once
      const result = parse(text);
      last = { text, result };
      return result;
    },
    forLoad(text) {
      const kept = last;
      last = null;
      // Comparing two equal 13 MB strings is a memory compare, a few milliseconds.
      return kept !== null && kept.text === text ? kept.result : parse(text);
    },
    keptText(length) {
      return last !== null && last.text.length === length ? last.text : null;
    },
    drop() {
      last = null;
    },
  };
}
