/**
 * The platform's UTF-8 decoder (browsers, Node 11+), declared here as in scenarioBytes.ts because the
 * engine's type environment has neither the DOM nor Node's types; deterministic, a pure function of its input.
 */
declare const TextDecoder: new (
  label: string,
  options?: { fatal?: boolean },
) => { decode(input: Uint8Array): string };

/** A UTF-8 decoder; `fatal`: bytes that are not UTF-8 throw a TypeError instead of becoming U+FFFD. */
export function utf8Decoder(fatal: boolean): { decode(input: Uint8Array): string } {
  return new TextDecoder('utf-8', { fatal });
}
