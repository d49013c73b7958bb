/**
 * The float64 meaning of the tape's functions and of `powi`, shared by constant folding and the
 * reference interpreter so that folding a constant gives bit-for-bit what evaluation would give.
 * (The JS emitter writes the same operations as source; see emitJs.ts.)
 */
import { erf, erfc } from './special';
import type { TapeFn } from './tape';

type Fn = (...args: number[]) => number;

export const TAPE_FN_IMPL: Readonly<Record<TapeFn, Fn>> = {
  exp: Math.exp,
  log: Math.log,
  log10: Math.log10,
  sqrt: Math.sqrt,
  abs: Math.abs,
  sign: Math.sign,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  atan2: Math.atan2,
  sinh: Math.sinh,
  cosh: Math.cosh,
  tanh: Math.tanh,
  erf,
  erfc,
  min: Math.min,
  max: Math.max,
  selectLe: (a, b, t, f) => (a <= b ? t : f),
};

/**
 * xⁿ for integer n by binary powering (right-to-left square-and-multiply), the exact operation
 * sequence the JS emitter unrolls; for n < 0 it is 1/x^|n|. powi(x, 0) = 1 for every x, as
 * IEEE 754 pow(x, 0) is.
 */
export function powiValue(x: number, n: number): number {
  let m = n < 0 ? -n : n;
  let result = 1;
  let base = x;
  let first = true;
  while (m > 0) {
    if (m & 1) {
      result = first ? base : result * base;
      first = false;
    }
    m = Math.floor(m / 2);
    if (m > 0) base = base * base;
  }
  return n < 0 ? 1 / result : result;
}
