import type { WorkerErrorCode } from '../protocol/messages';

export type ClientErrorCode = WorkerErrorCode | 'crashed' | 'timeout' | 'aborted' | 'disposed';

/** Why a request failed: the worker's own failure code, or what the client saw happen to the worker. */
export class ClientError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

export function isClientError(error: unknown, code?: ClientErrorCode): error is ClientError {
  return error instanceof ClientError && (code === undefined || error.code === code);
}
