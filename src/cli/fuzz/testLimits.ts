/**
 * The fuzz cases' limits inside `npm test`. `npm run fuzz` counts a case over 2 s of CPU as a hang (the
 * issue's definition, HANG_MS); a unit test must not fail on a loaded machine's timing, so here a hang is
 * a case that takes far longer than any accepted or rejected file (8 s of CPU) or never answers (60 s).
 */
export const TEST_LIMITS = { hangMs: 8_000, abandonMs: 60_000 } as const;
