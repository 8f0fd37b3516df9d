import { describe, expect, it } from 'vitest';
import { layoutStepChart } from './stepChartLayout';

describe('layoutStepChart', () => {
  it('draws steps that hold each value to the end of its session, and maps pixels back to sessions', () => {
    const g = layoutStepChart(
      [
        {
          id: 'a',
          label: 'A',
          color: '#000',
          dashed: false,
          points: [
            { x: 1, y: 0 },
            { x: 2, y: 2 },
            { x: 3, y: 2 },
          ],
        },
      ],
      360,
      130,
      String,
    );
    // x: sessions 1..4 (the last held to its end) over 48..348 px, 100 px per session; y: 0..2 over 108..8 px.
    expect(g.paths[0]?.d).toBe('M48,108L148,108L148,8L248,8L248,8L348,8L348,8');
    expect(g.xOf(2)).toBe(148);
    expect([g.sessionAt(150), g.sessionAt(0), g.sessionAt(1000)]).toEqual([2, 1, 3]);
    // Whole-number values (counts) get whole-number ticks only.
    expect(g.yTicks.map((t) => t.label)).toEqual(['0', '1', '2']);
  });
});
