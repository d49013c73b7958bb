/** A Web Worker of the pool harness: serves the sum task of the pool's unit tests. */
import { task } from '../../src/parallel/testing/sumTask';
import { serveWebWorker } from '../../src/parallel/web/serveWeb';

serveWebWorker(task);
