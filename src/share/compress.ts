/**
 * zlib (RFC 1950: deflate with a header and an Adler-32 trailer) through fflate, synchronous and
 * pure, so links are made and read the same way in the page, the worker and Node.
 *
 * Both directions are bounded. `deflateWithin` streams and gives up as soon as the output passes
 * a budget (planLink asks "does the data fit in 64 KiB?" without compressing megabytes).
 * `inflateCapped` feeds the compressed bytes in small slices and stops as soon as the output
 * passes the cap: deflate expands at most ~1032:1, so one slice cannot overshoot by more than a
 * few MiB, and a zip bomb costs no more than the cap. It then checks the Adler-32 trailer.
 */
import { Inflate, Zlib } from 'fflate';
import { adler32 } from './adler32';

const SLICE_IN = 4096;
const SLICE_OUT = 1 << 16;

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

/** zlib-compressed `bytes` (level 9), or null as soon as the output would exceed `budget` bytes. */
export function deflateWithin(bytes: Uint8Array, budget = Infinity): Uint8Array | null {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const z = new Zlib({ level: 9 }, (chunk) => {
    chunks.push(chunk);
    total += chunk.length;
  });
  for (let i = 0; i < bytes.length || i === 0; i += SLICE_OUT) {
    z.push(bytes.subarray(i, i + SLICE_OUT), i + SLICE_OUT >= bytes.length);
    if (total > budget) return null;
  }
  return concat(chunks, total);
}

export type InflateOutcome = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'corrupt' | 'too-large'; detail: string };

/** Inflates a zlib stream, refusing output beyond `cap` bytes and a wrong checksum. */
export function inflateCapped(data: Uint8Array, cap: number): InflateOutcome {
  if (data.length < 7) return { ok: false, reason: 'corrupt', detail: 'the compressed data is cut short' };
  const cmf = data[0];
  const flg = data[1];
  // Deflate, window ≤ 32 KiB, header check bits, no preset dictionary (RFC 1950 §2.2).
  if ((cmf & 15) !== 8 || cmf >> 4 > 7 || ((cmf << 8) | flg) % 31 !== 0 || (flg & 32) !== 0) {
    return { ok: false, reason: 'corrupt', detail: 'the compressed data has no valid zlib header' };
  }
  const body = data.subarray(2, data.length - 4);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    const inflater = new Inflate((chunk) => {
      chunks.push(chunk);
      total += chunk.length;
    });
    for (let i = 0; i < body.length; i += SLICE_IN) {
      inflater.push(body.subarray(i, i + SLICE_IN), i + SLICE_IN >= body.length);
      if (total > cap) return { ok: false, reason: 'too-large', detail: `it inflates to more than ${cap} bytes` };
    }
  } catch (e) {
    return { ok: false, reason: 'corrupt', detail: `the compressed data is damaged (${e instanceof Error ? e.message : String(e)})` };
  }
  const bytes = concat(chunks, total);
  const t = data.length - 4;
  const stored = ((data[t] << 24) | (data[t + 1] << 16) | (data[t + 2] << 8) | data[t + 3]) >>> 0;
  if (adler32(bytes) !== stored) return { ok: false, reason: 'corrupt', detail: 'the checksum does not match (the link was altered or cut)' };
  return { ok: true, bytes };
}
