/**
 * The entry of the one-file CLI (scripts/cliBundle.mjs): `node fitbench.mjs fit …`. The same file
 * is the worker of its pools (bundledHost.ts): started as one, it serves the named task instead.
 */
import { task as batchTask } from '../fit/batch/batchTask';
import { task as rowPassTask } from '../fit/parallel/rowPassTask';
import { task as candidateTask } from '../start/candidateTask';
import { task as rangeTask } from '../data/node/rangeTask';
import { serveBundledTask } from '../parallel/node/bundledHost';
import { main } from './main';

if (!serveBundledTask(import.meta.url, { batchTask, candidateTask, rangeTask, rowPassTask })) {
  process.exitCode = await main(process.argv.slice(2));
}
