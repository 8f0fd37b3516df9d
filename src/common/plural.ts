/**
 * `1 job`, `2 jobs`, `0 jobs`: a count with its noun in the right number, for every message a person reads
 * (engine explanations and UI text alike). `many` is for nouns whose plural is not `noun + s`.
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The noun alone in the right number for `count`: `task` / `tasks`. */
export function nounFor(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}
