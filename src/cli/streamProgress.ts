/**
 * Progress lines of a streamed fit on stderr (the JSON on stdout stays one object): the bytes read
 * while the columns are stored, then "pass 3, chunk 12/40" as the passes read them. At most one
 * line a second, and always the first one, so that a long fit shows it is alive.
 */
import { now } from '../solver/clock';
import type { StreamProgress } from '../fit/stream/streamProgress';

const EVERY_MS = 1000;

export interface ProgressLines {
  bytes(read: number, total: number, rows: number): void;
  chunk(progress: StreamProgress): void;
}

export function progressLines(write: (line: string) => void = (line) => console.error(line)): ProgressLines {
  let last = -Infinity;
  const say = (line: string, force = false) => {
    const t = now();
    if (!force && t - last < EVERY_MS) return;
    last = t;
    write(`fitbench: ${line}`);
  };
  let firstChunk = true;
  return {
    bytes(read, total, rows) {
      say(`storing the columns: ${(read / 1024 ** 2).toFixed(0)} of ${(total / 1024 ** 2).toFixed(0)} MiB read, ${rows} rows`);
    },
    chunk(p) {
      say(`pass ${p.passIndex} (${p.pass}), chunk ${p.chunk}/${p.chunks}`, firstChunk);
      firstChunk = false;
    },
  };
}
