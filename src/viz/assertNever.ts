/**
 * Exhaustiveness guard for switches on unions (viz keeps its own copy: it imports no shared helpers yet).
 */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
