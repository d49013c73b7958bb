/**
 * A parse worker as one self-contained script (rangeWorkerScript.ts bundles this file): what
 * parallel/node/host.mjs does for rangeTask.ts, without registering tsx in the worker.
 */
import { parentPort } from 'node:worker_threads';
import { portEndpoint } from '../../parallel/node/portEndpoint';
import { serveTasks } from '../../parallel/serve';
import { task } from './rangeTask';

const port = parentPort;
if (port) {
  serveTasks(portEndpoint(port), task);
}
