/**
 * A file as a RangeSource (data/parallelIngest.ts): byte ranges read a piece at a time into one
 * reused buffer, so that neither this thread nor a worker ever holds the file whole.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { RangeSource } from '../parallelIngest';

/** Bytes per read. */
const READ_BYTES = 4 << 20;

export function fileSource(file: string, size: number): RangeSource {
  return {
    size,
    *chunks(start: number, end: number) {
      const fd = openSync(file, 'r');
      try {
        const buffer = new Uint8Array(Math.min(READ_BYTES, Math.max(1, end - start)));
        for (let at = start; at < end;) {
          const n = readSync(fd, buffer, 0, Math.min(buffer.length, end - at), at);
          if (n <= 0) break;
          yield buffer.subarray(0, n);
          at += n;
        }
      } finally {
        closeSync(fd);
      }
    },
    bytesAt(position: number, length: number): Uint8Array {
      const fd = openSync(file, 'r');
      try {
        const buffer = new Uint8Array(Math.max(0, length));
        return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, position));
      } finally {
        closeSync(fd);
      }
    },
  };
}
