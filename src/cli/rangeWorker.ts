/**
 * A parse worker as one self-contained script (rangeWorkerScript.ts bundles this file): what
 * parallel/node/host.mjs does for rangeTask.ts, without registering tsx in the worker.
 */
import { parentPort } from 'node:worker_threads';
import { serveTasks } from '../parallel/serve';
import { task } from './rangeTask';

const port = parentPort;
if (port) {
  serveTasks(
    {
      post: (message, transfer) => port.postMessage(message, transfer as ArrayBuffer[]),
      listen: (onMessage) => port.on('message', onMessage),
    },
    task,
  );
}
