/**
 * A row worker of the page (issue 12, "all cores"), started by the fit worker (rowWorkers.ts): it
 * runs float64 passes over a range of rows (fit/parallel/rowPassTask.ts), recompiling the model
 * from its text through the validated syntax tree, never eval'd.
 */
import { task } from '../../fit/parallel/rowPassTask';
import { serveWebWorker } from '../../parallel/web/serveWeb';

serveWebWorker(task);
