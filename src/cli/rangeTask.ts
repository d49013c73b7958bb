/**
 * The worker side of the CLI's parallel parse (parallelRead.ts): one byte range of the file parsed
 * into its slot of the shared columns (data/parallelIngest.ts), then the next one it can claim.
 * Each worker reads its range from the file itself: nothing but the small results crosses threads.
 */
import { claimRanges, type ClaimedRanges } from '../data/parallelIngest';
import type { RangeJob } from '../data/rangeParse';
import type { TaskHandler } from '../parallel/types';
import { fileSource } from './fileSource';

export interface RangeTaskInput {
  readonly file: string;
  readonly size: number;
  /** Every range after the head; this worker parses those it claims. */
  readonly jobs: readonly RangeJob[];
  /** The claim counter shared with the other threads (parallelIngest.ts rangeClaim). */
  readonly claim: Int32Array;
}

export const task: TaskHandler<RangeTaskInput, ClaimedRanges> = (input) => claimRanges(fileSource(input.file, input.size), input.jobs, input.claim);
