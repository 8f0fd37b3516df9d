/** Exhaustiveness check for switches on unions in presentational code; throws if reached at runtime. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
