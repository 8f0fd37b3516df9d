/**
 * A deflate decoder for fflate's streaming `Unzip` that inflates with the platform's
 * `DecompressionStream('deflate-raw')` (browsers, Node 18+): native zlib instead of fflate's JavaScript
 * inflate, which was a fifth of the import's CPU time on a 140,000-pod snapshot (decision 0170). Its output
 * comes asynchronously, so {@link PlatformInflateGroup} lets the caller wait for what it pushed.
 */
import type { AsyncFlateStreamHandler, UnzipDecoder, UnzipDecoderConstructor } from 'fflate';

/** The parts of the Streams API used here, declared because the engine's types have neither DOM nor Node. */
interface ByteWriter {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}
interface ByteReader {
  read(): Promise<{ done: boolean; value?: Uint8Array<ArrayBuffer> }>;
  cancel(reason?: unknown): Promise<void>;
}
type DecompressionStreamClass = new (format: 'deflate-raw') => {
  writable: { getWriter(): ByteWriter };
  readable: { getReader(): ByteReader };
};

const platformStream = (): DecompressionStreamClass | undefined =>
  (globalThis as { DecompressionStream?: DecompressionStreamClass }).DecompressionStream;

/** True where `DecompressionStream` exists (a browser, Node 18+); elsewhere fflate inflates. */
export const hasPlatformInflate = (): boolean => platformStream() !== undefined;

const ignore = (): void => undefined;

/** The decoders of one unzip, with what they still have to do. */
export class PlatformInflateGroup {
  /** Writes not yet taken by the decompressor. */
  private readonly pending = new Set<Promise<void>>();
  /** One per decoder: settles when its output has all been handed on (or it was stopped). */
  private readonly ends: Promise<void>[] = [];
  /** Decoders that did not get their final chunk (the zip is cut): closed by {@link ended}. */
  private readonly open = new Set<{ finish(fromZip: boolean): void }>();
  readonly decoder: UnzipDecoderConstructor;

  constructor() {
    // fflate constructs the decoder itself (`new ctr(name, size, originalSize)`): a class bound to this group.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const group = this;
    const Stream = platformStream() as DecompressionStreamClass;
    class PlatformInflate implements UnzipDecoder {
      static readonly compression = 8;
      ondata: AsyncFlateStreamHandler = ignore;
      private readonly writer: ByteWriter;
      private readonly reader: ByteReader;
      private stopped = false;
      private gotFinal = false;
      /** Closed by `ended` because the zip stopped before the entry's end. */
      private cut = false;

      constructor() {
        const stream = new Stream('deflate-raw');
        this.writer = stream.writable.getWriter();
        this.reader = stream.readable.getReader();
        group.open.add(this);
        group.ends.push(this.pump());
      }

      push(chunk: Uint8Array, final: boolean): void {
        if (this.stopped || this.gotFinal) return;
        // fflate never reuses the pushed bytes (subarrays of the input or fresh joins), so no copy is made.
        if (chunk.length > 0) group.track(this.writer.write(chunk));
        if (final) this.finish(true);
      }

      /** No more input: the decompressor flushes, and ends (or fails on a cut stream). */
      finish(fromZip: boolean): void {
        if (this.gotFinal) return;
        this.gotFinal = true;
        this.cut = !fromZip;
        group.open.delete(this);
        group.track(this.writer.close());
      }

      terminate(): void {
        if (this.stopped) return;
        this.stopped = true;
        group.open.delete(this);
        this.reader.cancel().catch(ignore);
        this.writer.abort().catch(ignore);
      }

      private async pump(): Promise<void> {
        try {
          for (;;) {
            const { done, value } = await this.reader.read();
            if (this.stopped) return;
            if (done) break;
            if (value !== undefined && value.length > 0) this.ondata(null, value, false);
          }
          if (!this.stopped && !this.cut) this.ondata(null, new Uint8Array(0), true);
        } catch (e) {
          // A cut entry (closed by `ended`, not by fflate) fails as zlib's "unexpected end": the caller
          // reports the cut zip itself, as with fflate's inflate; anything else is a damaged stream.
          if (this.stopped || this.cut) return;
          const error = Object.assign(new Error(e instanceof Error ? e.message : String(e)), { code: 0 });
          this.ondata(error, null as unknown as Uint8Array<ArrayBuffer>, true);
        }
      }
    }
    this.decoder = PlatformInflate;
  }

  private track(p: Promise<void>): void {
    const settled = p.then(ignore, ignore);
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
  }

  /** Settles when every chunk pushed so far has been taken by the decompressor. */
  async drained(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  /** After the last push: settles when every decoder has handed on its output (a cut one is closed first). */
  async ended(): Promise<void> {
    for (const d of [...this.open]) d.finish(false);
    await Promise.all(this.ends);
    await this.drained();
  }
}
