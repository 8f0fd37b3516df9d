import { describe, expect, it } from 'vitest';
import { figure, gpuHours, minutes, spread } from './format';

describe('workshop figures', () => {
  it('two significant digits below 1, one decimal to 100, whole above, no trailing zeros', () => {
    expect([0, 0.02222, -0.00209, 2.247, 10, 40.09, 150.4].map(figure)).toEqual([
      '0',
      '0.022',
      '-0.0021',
      '2.2',
      '10',
      '40.1',
      '150',
    ]);
    expect(gpuHours(80_000)).toBe('0.022');
    expect(minutes(2_405_411)).toBe('40.1');
  });

  it('mean [low–high], the mean alone without spread, — for none', () => {
    expect(spread({ mean: 2, low: 1, high: 3, n: 3 }, figure)).toBe('2 [1–3]');
    expect(spread({ mean: 2, low: 2, high: 2, n: 3 }, figure)).toBe('2');
    expect(spread({ mean: 2, low: 1, high: 3, n: 1 }, figure)).toBe('2');
    expect(spread(null, figure)).toBe('—');
  });
});
