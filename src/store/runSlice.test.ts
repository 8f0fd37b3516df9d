import { describe, expect, it } from 'vitest';
import { sessionPosition } from './runSlice';

describe('sessionPosition', () => {
  it('names the session and the run’s count', () => {
    expect(sessionPosition(3, 7)).toBe('Session 3 of 7');
    expect(sessionPosition(7, 7)).toBe('Session 7 of 7');
  });

  it('names only the session while a restored run recomputes the sessions up to it', () => {
    // The restored session is on screen before this run has counted that far: never "Session 3 of 1".
    expect(sessionPosition(3, 1)).toBe('Session 3');
    expect(sessionPosition(3, 0)).toBe('Session 3');
  });
});
