/** Exhaustiveness guard for switches over unions; throws if reached at runtime (the one copy: every layer may import common). */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
