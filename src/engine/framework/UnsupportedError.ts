/** The scenario is valid but asks for something this engine does not implement yet. */
export class UnsupportedError extends Error {
  override readonly name = 'UnsupportedError';
}
