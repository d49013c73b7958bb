/**
 * The worker side of the CLI's parallel parse (parallelRead.ts): one byte range of the file parsed
 * into its slot of the shared columns (data/parallelIngest.ts).
 * Each worker reads its range from the file itself: nothing but the small results crosses threads.
 */
import { parseRange, type RangeJob, type RangeOutcome } from '../data/rangeParse';
import type { TaskHandler } from '../parallel/types';
import { fileSource } from './fileSource';

export interface RangeTaskInput {
  readonly file: string;
  readonly size: number;
  readonly job: RangeJob;
}

export const task: TaskHandler<RangeTaskInput, RangeOutcome> = (input) => parseRange(fileSource(input.file, input.size), input.job);
