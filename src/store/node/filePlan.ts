/**
 * In memory or streamed (issue 12) for a file on disk: src/store/memoryPlan.ts's choice from the
 * file's size and its first piece, read here with readSync (the page reads it with Blob.slice,
 * src/job/browser/streamIngest.ts). Without a limit of the user's, half of the machine's memory.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { totalmem } from 'node:os';
import { halfOf } from '../memoryBudget';
import { planFromHead, PIECE_BYTES, type MemoryPlan } from '../memoryPlan';

/** `length` bytes from `position` (fewer at the end of the file). */
export function readPiece(fd: number, position: number, length: number): Uint8Array {
  const buffer = new Uint8Array(length);
  let n = 0;
  while (n < length) {
    const got = readSync(fd, buffer, n, length - n, position + n);
    if (got === 0) break;
    n += got;
  }
  return buffer.subarray(0, n);
}

/** The memory a fit may use without --memory-limit: half of the machine's. */
export const defaultMemoryLimit = (): number => halfOf(totalmem());

/** In memory or streamed, from the file's size and its first piece. */
export function planMemory(file: string, limit: number): MemoryPlan {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return planFromHead(null, 0, limit);
  }
  if (size <= PIECE_BYTES) return planFromHead(null, size, limit);
  const fd = openSync(file, 'r');
  let head: Uint8Array;
  try {
    head = readPiece(fd, 0, PIECE_BYTES);
  } finally {
    closeSync(fd);
  }
  return planFromHead(head, size, limit);
}
