import type { Command, WorkerMessage } from './messages';

export interface TransportListener {
  message(message: WorkerMessage): void;
  /** The worker died or reported an uncaught error; the transport is unusable afterwards. */
  crash(reason: string): void;
}

/**
 * A channel to one worker instance. The app plugs in a real Web Worker; unit tests use the in-process
 * transport from `worker/`. The client cannot tell them apart.
 */
export interface Transport {
  post(command: Command): void;
  /** Starts delivering messages; returns the unsubscribe function. */
  listen(listener: TransportListener): () => void;
  terminate(): void;
}

export type TransportFactory = () => Transport;
