/**
 * A data fingerprint says "this link was made from these numbers" when the numbers are too many
 * for the link: the page asks for the file again and checks it against { rows, hash }.
 *
 * hash = FNV-1a 64 (fnv1a64.ts) over the used columns, one after the other (x columns in model
 * order, then y, then sigma when weighted: see usedColumns), each value as its 8 IEEE-754
 * binary64 bytes, little-endian; written as 16 lowercase hex digits. Two canonicalisations make it
 * a function of the numbers rather than their bit patterns: -0 is hashed as +0, and every NaN as
 * the quiet NaN 0x7ff8000000000000 (engines may produce different NaN payloads). In Python:
 *
 *   buf = np.concatenate([np.where(np.isnan(c), np.nan, c + 0.0) for c in cols]).astype('<f8').tobytes()
 *   h = 0xcbf29ce484222325
 *   for b in buf: h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
 *
 * The same values give the same hash in the worker, the page and Node (DataView fixes the byte
 * order; nothing depends on the platform).
 */
import { Fnv1a64 } from './fnv1a64';
import type { ColumnMapping } from './types';

export interface Fingerprint {
  readonly rows: number;
  /** 16 lowercase hex digits. */
  readonly hash: string;
}

/** Values hashed per update call: bounds the scratch buffer, not the input. */
const BLOCK = 4096;

export function fingerprint(columns: readonly ArrayLike<number>[]): Fingerprint {
  const rows = columns.length > 0 ? columns[0].length : 0;
  for (const c of columns) {
    if (c.length !== rows) throw new RangeError(`fingerprint: columns differ in length (${c.length} vs ${rows})`);
  }
  const h = new Fnv1a64();
  const block = new Uint8Array(BLOCK * 8);
  const view = new DataView(block.buffer);
  for (const c of columns) {
    for (let start = 0; start < rows; start += BLOCK) {
      const end = Math.min(start + BLOCK, rows);
      for (let i = start; i < end; i++) {
        const v = c[i];
        const at = (i - start) * 8;
        if (Number.isNaN(v)) {
          view.setUint32(at, 0, true);
          view.setUint32(at + 4, 0x7ff80000, true);
        } else {
          view.setFloat64(at, v + 0, true); // v + 0 turns -0 into +0
        }
      }
      h.update(block.subarray(0, (end - start) * 8));
    }
  }
  return { rows, hash: h.hex() };
}

export function matchesFingerprint(expected: Fingerprint, columns: readonly ArrayLike<number>[]): boolean {
  const rows = columns.length > 0 ? columns[0].length : 0;
  if (rows !== expected.rows || columns.some((c) => c.length !== rows)) return false;
  return fingerprint(columns).hash === expected.hash.toLowerCase();
}

/** The names of the columns a fit uses, in fingerprint (and inline data) order: x…, y, sigma. */
export function usedColumns(mapping: ColumnMapping): string[] {
  const names = mapping.sigma === null ? [...mapping.x, mapping.y] : [...mapping.x, mapping.y, mapping.sigma];
  // Errors in x (issue 24): each x's σ column after them, in x order, once (σx may share y's σ
  // column, as the circle sample's s does). A spec without sigmaX is as before.
  for (const name of sigmaXColumns(mapping)) if (!names.includes(name)) names.push(name);
  return names;
}

/** The σ columns of the x columns measured with error, in x order (issue 24; empty: every x exact). */
export function sigmaXColumns(mapping: Pick<ColumnMapping, 'x' | 'sigmaX'>): string[] {
  const sx = mapping.sigmaX;
  if (!sx) return [];
  return mapping.x.flatMap((x) => (Object.prototype.hasOwnProperty.call(sx, x) ? [sx[x]] : []));
}
