/** A fit from the main thread: progress through a callback, cancellation through an AbortSignal. */
import type { FitOutcome, FitProgress, FitRequest, Status } from '../worker/api';
import { callback, type Client } from './worker';

export interface FitRunOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: FitProgress) => void;
}

export async function fitWithSignal(client: Client, request: FitRequest, options: FitRunOptions = {}): Promise<Status<FitOutcome>> {
  const { signal, onProgress } = options;
  const cancel = () => void client.cancelFit();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await client.fit(request, onProgress ? callback(onProgress) : undefined);
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}
