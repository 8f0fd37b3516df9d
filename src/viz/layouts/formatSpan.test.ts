import { describe, expect, it } from 'vitest';
import { formatBytes, formatNumber, formatSpan, formatTime } from './formatSpan';

describe('label formatting', () => {
  it('prints durations the way KAI manifests write them, without zero tails', () => {
    expect(formatSpan(0)).toBe('0s');
    expect(formatSpan(60_000)).toBe('1m');
    expect(formatSpan(600_000)).toBe('10m');
    expect(formatSpan(90_000)).toBe('1m30s');
    expect(formatSpan(3_600_000)).toBe('1h');
    expect(formatSpan(5_400_000)).toBe('1h30m');
    expect(formatSpan(1_500)).toBe('1.5s');
    expect(formatTime(150_000)).toBe('t=2m30s');
  });

  it('prints amounts compactly', () => {
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatNumber(1 / 3)).toBe('0.33');
    expect(formatNumber(-1)).toBe('-1');
    expect(formatBytes(8 * 2 ** 30)).toBe('8Gi');
    expect(formatBytes(512)).toBe('512');
  });
});
