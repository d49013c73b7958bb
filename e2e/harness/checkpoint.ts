/** The checkpoint harness page (bench/checkpoint-page.ts): runs one measured fit in a Web Worker
 *  (checkpointWorker.ts), where the page's fits and their IndexedDB saves run. */
import type { CheckpointBenchRequest, CheckpointBenchRun } from './checkpointWorker';

const worker = new Worker(new URL('./checkpointWorker.ts', import.meta.url), { type: 'module' });

function fitOnce(request: CheckpointBenchRequest): Promise<CheckpointBenchRun> {
  return new Promise((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<CheckpointBenchRun | { error: string }>) => ('error' in e.data ? reject(new Error(e.data.error)) : resolve(e.data));
    worker.postMessage(request);
  });
}

(window as unknown as { fitbenchCheckpoint: { fit: typeof fitOnce } }).fitbenchCheckpoint = { fit: fitOnce };
