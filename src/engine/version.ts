/**
 * The engine's version, stamped on runner output and on share links. Its own module (no engine code)
 * so that the app shell can read it without pulling the engine into the first screen's bundle.
 * Bump it whenever a scenario's trace may change, so that old links can say what may differ. 0.2.0: a
 * scenario without `run:` stops once settled (decision 0046).
 */
export const ENGINE_VERSION = '0.2.0';
