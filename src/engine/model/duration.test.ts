import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration';

describe('parseDuration', () => {
  it.each([
    ['0', 0],
    ['-0', 0],
    ['0s', 0],
    ['-0s', 0],
    ['1s', 1000],
    ['+1s', 1000],
    ['1.5s', 1500],
    ['.5s', 500],
    ['1.s', 1000],
    ['500ms', 500],
    ['90s', 90_000],
    ['1m30s', 90_000],
    ['1h2m3s', 3_723_000],
    ['2h45m', 9_900_000],
    ['-60s', -60_000],
    ['-1m30s', -90_000],
    ['1500us', 2],
    ['1500µs', 2],
    ['1500μs', 2],
    ['2500000ns', 3],
    ['1.1s', 1100],
    ['  30s ', 30_000],
  ])('reads %j as %d ms', (text, ms) => {
    expect(parseDuration(text)).toEqual({ ok: true, ms });
  });

  it('never returns -0', () => {
    const result = parseDuration('-0s');
    expect(result.ok && Object.is(result.ms, 0)).toBe(true);
  });

  it.each(['', '-', '5', '1.5', '5 minutes', '1h 30m', '.s', 's', '1x', 'abc', '1m-30s'])(
    'rejects %j',
    (text) => {
      const result = parseDuration(text);
      expect(result.ok).toBe(false);
    },
  );

  it('names the text in its error', () => {
    expect(parseDuration('5 minutes')).toEqual({
      ok: false,
      error: 'invalid duration "5 minutes" (expected a number followed by a unit such as 30s, 5m or 1h2m)',
    });
  });

  it('accepts d and w only when asked (str2duration, KAI plugin arguments)', () => {
    expect(parseDuration('1d').ok).toBe(false);
    expect(parseDuration('2w').ok).toBe(false);
    expect(parseDuration('1d', { allowDaysWeeks: true })).toEqual({ ok: true, ms: 86_400_000 });
    expect(parseDuration('1w2d3h', { allowDaysWeeks: true })).toEqual({
      ok: true,
      ms: 604_800_000 + 2 * 86_400_000 + 3 * 3_600_000,
    });
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [500, '500ms'],
    [-500, '-500ms'],
    [1000, '1s'],
    [1500, '1.5s'],
    [1001, '1.001s'],
    [60_000, '1m0s'],
    [90_000, '1m30s'],
    [-90_000, '-1m30s'],
    [3_600_000, '1h0m0s'],
    [3_723_000, '1h2m3s'],
    [3_600_001, '1h0m0.001s'],
    [360_000_000, '100h0m0s'],
  ])('writes %d ms as %j (Go style)', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('writes infinities readably', () => {
    expect(formatDuration(Infinity)).toBe('∞');
    expect(formatDuration(-Infinity)).toBe('-∞');
  });

  it('round-trips through parseDuration for integer milliseconds', () => {
    for (const ms of [
      0, 1, 7, 999, 1000, 1001, 59_999, 60_000, 61_500, 3_599_999, 3_600_000, 86_400_000, 123_456_789,
    ]) {
      for (const signed of [ms, -ms]) {
        expect(parseDuration(formatDuration(signed))).toEqual({ ok: true, ms: signed || 0 });
      }
    }
  });
});
