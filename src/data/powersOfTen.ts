/**
 * 10^n as correctly rounded double-doubles, n = 0..308, built once with exact BigInt arithmetic.
 *
 * Why a table and not repeated squaring: squaring in dd loses ~1 ulp(dd) per step, and the decimal
 * residuals must be right to ~30 digits for every exponent a data file may use. BigInt gives the
 * exact integer; `Number(bigint)` rounds it to nearest (ECMA-262 §21.2.2.1 → "the Number value for"),
 * and the remainder, converted the same way, is the correctly rounded lo. 10^0..10^22 come out with
 * lo = 0 (they are exact doubles). Built lazily: 309 BigInt powers take well under a millisecond.
 */
import type { DD } from '../model/doubleDouble';

/** Largest n with 10^n finite in binary64. */
export const MAX_POW10 = 308;

let table: DD[] | null = null;

function build(): DD[] {
  const out: DD[] = [];
  let p = 1n;
  for (let n = 0; n <= MAX_POW10; n++) {
    const hi = Number(p);
    const lo = Number(p - BigInt(hi));
    out.push([hi, lo]);
    p *= 10n;
  }
  return out;
}

/** 10^n as a dd, 0 ≤ n ≤ MAX_POW10 (integer). */
export function pow10(n: number): DD {
  table ??= build();
  const v = table[n];
  if (v === undefined) throw new RangeError(`pow10(${n}) is outside 0..${MAX_POW10}`);
  return v;
}
