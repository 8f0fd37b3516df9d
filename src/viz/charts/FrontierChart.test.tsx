// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LIGHT_VIZ_THEME } from '../theme';
import { FrontierChart, type FrontierDot } from './FrontierChart';

afterEach(cleanup);

const dot = (
  label: string,
  x: number,
  y: number,
  frontier: boolean | null,
  fairness: number | null = 0.9,
): FrontierDot => ({
  label,
  x: { mean: x, low: x - 1, high: x + 1 },
  y: { mean: y, low: y, high: y + 2 },
  fairness,
  frontier,
});

describe('FrontierChart', () => {
  it('fills and joins the frontier points in wait order, rings the others, labels every point as text', () => {
    render(
      <FrontierChart
        title="Sweep of k"
        xLabel="p95 job wait (min)"
        yLabel="GPU time lost (GPU·h)"
        dots={[
          dot('30m', 8, 1, true),
          dot('0s', 2, 6, true),
          dot('5m', 6, 7, false, null),
          dot('<b>', 4, 4, null),
        ]}
        formatX={String}
        formatY={String}
        theme={LIGHT_VIZ_THEME}
      />,
    );
    const svg = screen.getByRole('img', { name: 'Sweep of k' });
    const groups = [...svg.querySelectorAll('g[data-label]')];
    expect(groups.map((g) => [g.getAttribute('data-label'), g.getAttribute('data-frontier')])).toEqual([
      ['30m', 'true'],
      ['0s', 'true'],
      ['5m', 'false'],
      ['<b>', 'false'],
    ]);
    // A name is text, never markup.
    expect(groups[3]?.querySelector('text')?.textContent).toBe('<b>');
    // The line goes through the two frontier points, the one with the shorter wait first.
    const d = svg.querySelector('[data-testid="frontier.line"]')?.getAttribute('d') ?? '';
    const xs = [...d.matchAll(/[ML]([\d.]+),/g)].map((m) => Number(m[1]));
    expect(xs).toHaveLength(2);
    expect(xs[0]).toBeLessThan(xs[1] ?? 0);
    // Axes say their units; the legend says what the marks mean.
    expect(svg.textContent).toContain('p95 job wait (min)');
    expect(svg.textContent).toContain('GPU time lost (GPU·h)');
    expect(svg.textContent).toContain('on the frontier');
    expect(svg.textContent).toContain('fairness (Jain)');
  });

  it('draws no frontier line with fewer than two frontier points', () => {
    render(
      <FrontierChart
        title="t"
        xLabel="x"
        yLabel="y"
        dots={[dot('a', 1, 1, true), dot('b', 2, 2, false)]}
        formatX={String}
        formatY={String}
        theme={LIGHT_VIZ_THEME}
      />,
    );
    expect(document.querySelector('[data-testid="frontier.line"]')).toBeNull();
  });
});
