import { describe, expect, it } from 'vitest';
import { DARK_VIZ_THEME, LIGHT_VIZ_THEME } from '../theme';
import { designDocQueues } from '../testing/vizFixtures';
import { leafQueueNames, queueColour, queueColourScale } from './queueColour';

describe('queueColour', () => {
  it('depends on the sorted rank only, not on input order', () => {
    const names = ['team-b', 'team-a', 'team-c'];
    expect(queueColour('team-a', names, LIGHT_VIZ_THEME)).toBe(LIGHT_VIZ_THEME.categorical[0]);
    expect(queueColour('team-c', names, LIGHT_VIZ_THEME)).toBe(LIGHT_VIZ_THEME.categorical[2]);
    expect(queueColour('team-c', [...names].reverse(), LIGHT_VIZ_THEME)).toBe(LIGHT_VIZ_THEME.categorical[2]);
  });

  it('has light and dark variants', () => {
    expect(queueColour('q', ['q'], DARK_VIZ_THEME)).toBe(DARK_VIZ_THEME.categorical[0]);
    expect(queueColour('q', ['q'], DARK_VIZ_THEME)).not.toBe(queueColour('q', ['q'], LIGHT_VIZ_THEME));
  });

  it('keeps distinct colours beyond the palette size', () => {
    const names = Array.from({ length: 30 }, (_, i) => `q-${i}`);
    const scale = queueColourScale(names, LIGHT_VIZ_THEME);
    expect(new Set(names.map((n) => scale(n))).size).toBe(30);
  });

  it('gives unknown names a stable palette colour and null the fallback', () => {
    const scale = queueColourScale(['a'], LIGHT_VIZ_THEME);
    expect(LIGHT_VIZ_THEME.categorical).toContain(scale('not-a-leaf'));
    expect(scale('not-a-leaf')).toBe(scale('not-a-leaf'));
    expect(scale(null)).toBe(LIGHT_VIZ_THEME.unknownQueue);
  });

  it('colours leaf queues', () => {
    expect(leafQueueNames(designDocQueues())).toEqual(['leaf1', 'leaf2', 'leaf3']);
  });
});
