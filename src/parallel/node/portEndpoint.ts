/**
 * A worker thread's parentPort as the HostPort serveTasks (src/parallel/serve.ts) answers on:
 * the one-file CLI's bundled host (bundledHost.ts) and the parse worker's own bundle
 * (src/data/node/rangeWorker.ts) both serve through it. (host.mjs, plain JS started without a loader,
 * writes the same two lines itself.)
 */
import type { MessagePort } from 'node:worker_threads';
import type { HostPort } from '../types';

export function portEndpoint(port: MessagePort): HostPort {
  return {
    post: (message, transfer) => port.postMessage(message, transfer as ArrayBuffer[]),
    listen: (onMessage) => void port.on('message', onMessage),
  };
}
