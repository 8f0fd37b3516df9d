/**
 * Version of the worker message protocol. The client sends it in `hello` and refuses a worker that answers
 * with another one (a stale cached worker chunk after a deploy is the realistic cause).
 */
export const PROTOCOL_VERSION = 4;
