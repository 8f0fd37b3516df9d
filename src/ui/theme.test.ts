import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('app theme', () => {
  it('scales headings and rem sizes with the text-size setting, as the body text', () => {
    const normal = createAppTheme('light', 1);
    const large = createAppTheme('light', 1.3);
    expect(normal.typography.h1.fontSize).toBe('1.5rem');
    expect(large.typography.h1.fontSize).toBe('1.95rem');
    expect(large.typography.h2.fontSize).toBe('1.625rem');
    expect(large.typography.h3.fontSize).toBe('1.43rem');
    // Components size their own text with pxToRem, which carries the same scale.
    expect(normal.typography.pxToRem(16.8)).toBe('1.05rem');
    expect(parseFloat(large.typography.pxToRem(16.8))).toBeCloseTo(1.05 * 1.3, 10);
    expect(parseFloat(String(large.typography.body1.fontSize))).toBeCloseTo(1.3, 10);
  });
});
