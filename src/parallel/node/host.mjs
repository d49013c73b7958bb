// A worker_threads worker of the pool (src/parallel/node/nodePool.ts): registers tsx so that the
// task module may be TypeScript, then serves the module's `task` over parentPort. Plain JS, so
// that Node can start it without a loader.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { serveTasks } = await import('../serve.ts');
const module = await import(workerData.module);
if (typeof module.task !== 'function') throw new Error(`${workerData.module} exports no task function`);
serveTasks(
  {
    post: (message, transfer) => parentPort.postMessage(message, transfer),
    listen: (onMessage) => parentPort.on('message', onMessage),
  },
  module.task,
);
