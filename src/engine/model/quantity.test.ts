import { describe, expect, it } from 'vitest';
import { parseQuantity } from './quantity';

describe('parseQuantity', () => {
  it.each<[string | number, number]>([
    [2, 2],
    [0.5, 0.5],
    [-1, -1],
    ['2', 2],
    ['500m', 0.5],
    ['100m', 0.1],
    ['300m', 0.3],
    ['1500m', 1.5],
    ['0.1', 0.1],
    ['.5', 0.5],
    ['1.', 1],
    ['+2', 2],
    ['-1', -1],
    ['1k', 1000],
    ['1M', 1e6],
    ['1G', 1e9],
    ['4G', 4e9],
    ['1T', 1e12],
    ['1P', 1e15],
    ['1E', 1e18],
    ['1Ki', 1024],
    ['1Mi', 1_048_576],
    ['1Gi', 1_073_741_824],
    ['1.5Gi', 1_610_612_736],
    ['4Gi', 4_294_967_296],
    ['1Ti', 2 ** 40],
    ['1Pi', 2 ** 50],
    ['1Ei', 2 ** 60],
    ['1e3', 1000],
    ['1E3', 1000],
    ['2.5e-3', 0.0025],
    ['10n', 1e-8],
    ['10u', 1e-5],
    [' 2 ', 2],
  ])('reads %j as %d', (input, value) => {
    expect(parseQuantity(input)).toEqual({ ok: true, value });
  });

  it('builds decimal amounts without floating noise (0.3, not 0.30000000000000004)', () => {
    expect(parseQuantity('300m')).toEqual({ ok: true, value: 0.3 });
    expect(parseQuantity('0.7')).toEqual({ ok: true, value: 0.7 });
  });

  it('keeps large binary amounts exact', () => {
    const result = parseQuantity('3Pi');
    expect(result.ok && result.value === 3 * 2 ** 50).toBe(true);
  });

  it('never returns -0', () => {
    const result = parseQuantity('-0');
    expect(result.ok && Object.is(result.value, 0)).toBe(true);
  });

  it.each<string | number>([
    '',
    'two',
    '1.5.3',
    '1 Gi',
    '1gi',
    '1Kb',
    'Gi',
    '-',
    '1e',
    NaN,
    Infinity,
    '1e400',
  ])('rejects %j', (input) => {
    expect(parseQuantity(input).ok).toBe(false);
  });

  it('names the text in its error', () => {
    expect(parseQuantity('two')).toEqual({
      ok: false,
      error: 'invalid quantity "two" (expected e.g. 2, 500m, 1Gi, 1G)',
    });
  });
});
