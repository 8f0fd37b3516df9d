/**
 * Kubernetes resource quantities (`500m`, `2`, `1Gi`, `1G`, `1e3`) as plain numbers.
 * cpu is expressed in cores (so `500m` = 0.5) and memory in bytes.
 */
const SUFFIX: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

export type QuantityResult = { ok: true; value: number } | { ok: false; error: string };

export function parseQuantity(input: string | number): QuantityResult {
  if (typeof input === 'number') {
    return Number.isFinite(input) ? { ok: true, value: input } : { ok: false, error: `invalid quantity ${input}` };
  }
  const m = /^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)(Ki|Mi|Gi|Ti|Pi|Ei|[numkKMGTPE]?)$/.exec(input.trim());
  if (!m) {
    return { ok: false, error: `invalid quantity "${input}" (expected e.g. 2, 500m, 1Gi, 1G)` };
  }
  const value = Number(m[1]) * (SUFFIX[m[2] as string] as number);
  // Round away binary floating noise such as 0.1 * 3 = 0.30000000000000004.
  return { ok: true, value: Number(value.toPrecision(15)) };
}
