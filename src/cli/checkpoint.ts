/**
 * Checkpoints in the CLI (issue 12): `--checkpoint FILE` as an output target, checked before the
 * data are read (outputTarget.ts). The store that saves and resumes the fit's state is the Node
 * host's (src/job/node/checkpointFile.ts).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { CHECKPOINT_FORMAT } from '../store/checkpointRecord';
import type { OutputTarget } from './outputTarget';

export { checkpointSubject, dataDigest, type CheckpointSubject, type DataDigest } from '../store/checkpointSubject';
export type { CheckpointWriter } from '../job/host';
export { checkpointWriter, fileCheckpoints, readCheckpoint } from '../job/node/checkpointFile';

/** The checkpoint's target, as checkOutputTargets (outputTarget.ts) checks it with the other outputs. */
export function checkpointTarget(file: string): OutputTarget {
  return { option: '--checkpoint', file, example: 'fit.ckpt.json', mayReplace: notACheckpoint };
}

/**
 * Why an existing file at the --checkpoint path may not be replaced: the first save renames the
 * checkpoint over it, so a file that is not a fitbench checkpoint (a results table, another
 * data file) would be lost. An empty file is taken as free.
 */
function notACheckpoint(file: string): string | null {
  const head = Buffer.alloc(256);
  let read = 0;
  const fd = openSync(file, 'r');
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read === 0) return null;
  const text = head.subarray(0, read).toString('utf8');
  if (new RegExp(`^\\s*\\{\\s*"format"\\s*:\\s*"${CHECKPOINT_FORMAT}"`).test(text)) return null;
  return `exists and is not a fitbench checkpoint; the first save would replace it: give another file, or delete it first if it may go.`;
}
