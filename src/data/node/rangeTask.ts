/**
 * The worker side of the CLI's parallel parse (parallelRead.ts, data/parallelIngest.ts): the line
 * breaks of the ranges this worker claims, counted into the shared board; then, once the calling
 * thread has sized the shared columns and published the jobs on `jobs` (a MessagePort), the ranges
 * it claims parsed into their slots (data/rangeClaim.ts).
 * Each worker reads its ranges from the file itself: nothing but the small results crosses threads.
 */
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { awaitPublished, claimRanges, countClaimed, type ClaimedRanges, type RangeBoard } from '../rangeClaim';
import type { RangeJob } from '../rangeParse';
import type { TaskHandler } from '../../parallel/types';
import { fileSource } from './fileSource';

export interface RangeTaskInput {
  readonly file: string;
  readonly size: number;
  readonly board: RangeBoard;
  /** Where the calling thread posts the jobs (every range after the head), or null for none. */
  readonly jobs: MessagePort;
}

/** How long one wait for the jobs lasts before the port is looked at again. */
const WAIT_MS = 50;

function awaitJobs(input: RangeTaskInput): readonly RangeJob[] | null {
  for (;;) {
    const message = receiveMessageOnPort(input.jobs);
    if (message) return message.message as readonly RangeJob[] | null;
    awaitPublished(input.board, WAIT_MS);
  }
}

export const task: TaskHandler<RangeTaskInput, ClaimedRanges> = (input) => {
  const source = fileSource(input.file, input.size);
  countClaimed(source, input.board);
  const jobs = awaitJobs(input);
  input.jobs.close();
  return jobs ? claimRanges(source, jobs, input.board) : [];
};
