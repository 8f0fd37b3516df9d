/**
 * Writes the runner's output to a Node stream with backpressure: `write` resolves once the stream has
 * taken the chunk, or, when the stream's buffer is full (`write` returned false), once it has emptied
 * ('drain'). The runner produces the next session only after that, so its memory holds at most one batch
 * of unwritten text whatever the reader's speed (decision 0125). A stream error (a closed pipe: EPIPE)
 * becomes an {@link OutputError}, reported in one line with exit 3, never an unhandled 'error' event.
 */
import type { Writable } from 'node:stream';

/** The output stream failed (reported as one line by the runner, exit 3). */
export class OutputError extends Error {
  override name = 'OutputError';
}

export function streamWriter(stream: Writable): (chunk: string) => Promise<void> {
  let failure: Error | null = null;
  const waiting = new Set<() => void>();
  stream.on('error', (e: Error) => {
    failure ??= new OutputError((e as { code?: string }).code ?? e.message);
    for (const wake of waiting) wake();
  });
  return async (chunk) => {
    if (failure) throw failure;
    if (!stream.write(chunk)) {
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          waiting.delete(wake);
          stream.off('drain', wake);
          resolve();
        };
        waiting.add(wake);
        stream.on('drain', wake);
      });
    }
    if (failure) throw failure;
  };
}
