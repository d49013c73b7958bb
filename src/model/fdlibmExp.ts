/**
 * eˣ as fdlibm's e_exp.c computes it (Sun Microsystems 1993; the algorithm: x = k·ln2 + r,
 * |r| ≤ ½ln2, a degree-5 Remez form R(r²) with exp(r) = 1 + 2r/(R − r), then scaled by 2ᵏ), in
 * JavaScript, with V8's one change (exp(1) returns the correctly rounded e): the same operations
 * in the same order, so the same number as V8's Math.exp for every argument (fdlibmExp.test.ts
 * checks millions of them, and every branch's edges).
 *
 * Why: Math.exp is a call into C from optimized code; the generated kernels' row loops
 * (emitJs.ts) spend about half their time in it on a Gaussian. This function is inlined there
 * instead (no call, no spilled registers), and the kernels' numbers stay those of Math.exp.
 *
 * The high-word tests of the C code (|x| against thresholds read from the top 32 bits) are
 * comparisons of |x| with the smallest double having that high word; 2ᵏ comes from a table rather
 * than from writing the exponent bits.
 */

/** The double whose high 32 bits are `hi` and low 32 bits zero. */
function fromHighWord(hi: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setUint32(0, hi);
  return view.getFloat64(0);
}

const O_THRESHOLD = 7.09782712893383973096e2;
const U_THRESHOLD = -7.45133219101941108420e2;
const LN2_HI = 6.93147180369123816490e-1;
const LN2_LO = 1.90821492927058770002e-10;
const INV_LN2 = 1.44269504088896338700;
const P1 = 1.66666666666666019037e-1;
const P2 = -2.77777777770155933842e-3;
const P3 = 6.61375632143793436117e-5;
const P4 = -1.65339022054652515390e-6;
const P5 = 4.13813679705723846039e-8;
const E = 2.718281828459045;
const TWO_M1000 = 2 ** -1000;
const TWO_1023 = 2 ** 1023;
/** |x| ≥ this ⟺ hx ≥ 0x40862E42 (the C code's filter of large and non-finite x). */
const LARGE = fromHighWord(0x40862e42);
/** |x| > ½ln2 in the C code's terms: hx > 0x3fd62e42. */
const HALF_LN2 = fromHighWord(0x3fd62e43);
/** |x| < 1.5·ln2: hx < 0x3ff0a2b2. */
const THREE_HALVES_LN2 = fromHighWord(0x3ff0a2b2);
/** |x| < 2⁻²⁸: hx < 0x3e300000. */
const TINY = fromHighWord(0x3e300000);
/** POW2[k + 1075] = 2ᵏ for k in [−1075, 1024] (exact: every one is a double or subnormal). */
const POW2 = Float64Array.from({ length: 2100 }, (_, i) => 2 ** (i - 1075));

export function fdlibmExp(x: number): number {
  const ax = Math.abs(x);
  if (!(ax < LARGE)) {
    if (x !== x) return x + x;
    if (x > O_THRESHOLD) return Infinity;
    if (x < U_THRESHOLD) return 0;
  }
  let hi = 0;
  let lo = 0;
  let k = 0;
  if (ax >= HALF_LN2) {
    if (ax < THREE_HALVES_LN2) {
      if (x === 1) return E;
      if (x >= 0) {
        hi = x - LN2_HI;
        lo = LN2_LO;
        k = 1;
      } else {
        hi = x + LN2_HI;
        lo = -LN2_LO;
        k = -1;
      }
    } else {
      k = (INV_LN2 * x + (x >= 0 ? 0.5 : -0.5)) | 0;
      hi = x - k * LN2_HI;
      lo = k * LN2_LO;
    }
    x = hi - lo;
  } else if (ax < TINY) {
    return 1 + x;
  }
  const t = x * x;
  const c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k === 0) return 1 - ((x * c) / (c - 2) - x);
  const y = 1 - (lo - (x * c) / (2 - c) - hi);
  if (k >= -1021) return k === 1024 ? y * 2 * TWO_1023 : y * POW2[k + 1075];
  return y * POW2[k + 1000 + 1075] * TWO_M1000;
}
