/**
 * Kubernetes resource quantities (`500m`, `2`, `1Gi`, `1G`, `1e3`) as plain numbers.
 * cpu is expressed in cores (so `500m` = 0.5) and memory in bytes.
 */
/** Decimal suffixes as powers of ten, so that the value can be built exactly from its decimal text. */
const DECIMAL_EXPONENT: Record<string, number> = {
  n: -9,
  u: -6,
  m: -3,
  '': 0,
  k: 3,
  K: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
};

/** Binary suffixes as powers of two: multiplying by them is exact in floating point. */
const BINARY_EXPONENT: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

export type QuantityResult = { ok: true; value: number } | { ok: false; error: string };

/** Parses a Kubernetes quantity or a plain number; decimal and binary suffixes, optional exponent. */
export function parseQuantity(input: string | number): QuantityResult {
  if (typeof input === 'number') {
    return Number.isFinite(input)
      ? { ok: true, value: input }
      : { ok: false, error: `invalid quantity ${input}` };
  }
  const m =
    /^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(?:[eE]([+-]?[0-9]+))?(Ki|Mi|Gi|Ti|Pi|Ei|[numkKMGTPE]?)$/.exec(
      input.trim(),
    );
  if (!m) {
    return { ok: false, error: `invalid quantity "${input}" (expected e.g. 2, 500m, 1Gi, 1G)` };
  }
  const mantissa = m[1] as string;
  const exponent = Number(m[2] ?? '0');
  const suffix = m[3] as string;
  const binary = BINARY_EXPONENT[suffix];
  // Decimal suffixes shift the decimal exponent of the text ("500m" is read as "500e-3"), which rounds
  // once, correctly, instead of multiplying by 0.001 and collecting binary noise (0.1 * 3 != 0.3).
  // Binary suffixes are powers of two, so the multiplication is exact even for 1Ei.
  const value =
    binary === undefined
      ? Number(`${mantissa}e${exponent + (DECIMAL_EXPONENT[suffix] as number)}`)
      : Number(`${mantissa}e${exponent}`) * 2 ** binary;
  if (!Number.isFinite(value)) return { ok: false, error: `invalid quantity "${input}" (out of range)` };
  // `|| 0` turns -0 into 0.
  return { ok: true, value: value || 0 };
}
