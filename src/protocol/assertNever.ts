/** Compile-time exhaustiveness check for switches on discriminated unions; throws if reached at runtime. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
