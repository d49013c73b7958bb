/**
 * erf and erfc in float64, accurate to about 1 ulp over the whole real line.
 *
 * The method and the minimax coefficients are those of Sun's FDLIBM s_erf.c (K.C. Ng, 1993;
 * http://www.netlib.org/fdlibm), used by the BSD and musl libms:
 *
 *   ====================================================
 *   Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
 *   Developed at SunPro, a Sun Microsystems, Inc. business.
 *   Permission to use, copy, modify, and distribute this software is freely granted,
 *   provided that this notice is preserved.
 *   ====================================================
 *
 * Intervals of |x| (R/S, P/Q are rational minimax fits; c = erf(1) rounded to 24 bits):
 *   [0, 0.84375)      erf(x) = x + x·R(x²)              (erfc = 1 − erf, or ½ − (x − ½ + xR) for x ≥ ¼)
 *   [0.84375, 1.25)   erf(x) = c + P₁(s)/Q₁(s), s = |x| − 1
 *   [1.25, 28)        erfc(x) = exp(−x² − 0.5625 + R(1/x²)/S(1/x²)) / x
 * The tail evaluates exp(−x²) as exp(−z² − 0.5625)·exp((z − x)(z + x) + R/S) with z = x rounded
 * to single precision, so that z² is exact in double and the cancellation in −x² costs nothing:
 * this is what keeps erfc(10) ≈ 2.09e-45 accurate to the last digits.
 */

const ERX = 8.45062911510467529297e-01;
const EFX = 1.28379167095512586316e-01;
const EFX8 = 1.02703333676410069053e+00; // 8·EFX
// erf on [0, 0.84375): R = pp(z)/qq(z), z = x²
const PP = [1.28379167095512558561e-01, -3.25042107247001499370e-01, -2.84817495755985104766e-02,
  -5.77027029648944159157e-03, -2.37630166566501626084e-05];
const QQ = [1, 3.97917223959155352819e-01, 6.50222499887672944485e-02, 5.08130628187576562776e-03,
  1.32494738004321644526e-04, -3.96022827877536812320e-06];
// erf on [0.84375, 1.25): P/Q of s = |x| − 1
const PA = [-2.36211856075265944077e-03, 4.14856118683748331666e-01, -3.72207876035701323847e-01,
  3.18346619901161753674e-01, -1.10894694282396677476e-01, 3.54783043256182359371e-02,
  -2.16637559486879084300e-03];
const QA = [1, 1.06420880400844228286e-01, 5.40397917702171048937e-01, 7.18286544141962662868e-02,
  1.26171219808761642112e-01, 1.36370839120290507362e-02, 1.19844998467991074170e-02];
// erfc on [1.25, 1/0.35): R/S of 1/x²
const RA = [-9.86494403484714822705e-03, -6.93858572707181764372e-01, -1.05586262253232909814e+01,
  -6.23753324503260060396e+01, -1.62396669462573470355e+02, -1.84605092906711035994e+02,
  -8.12874355063065934246e+01, -9.81432934416914548592e+00];
const SA = [1, 1.96512716674392571292e+01, 1.37657754143519042600e+02, 4.34565877475229228821e+02,
  6.45387271733267880336e+02, 4.29008140027567833386e+02, 1.08635005541779435134e+02,
  6.57024977031928170135e+00, -6.04244152148580987438e-02];
// erfc on [1/0.35, 28): R/S of 1/x²
const RB = [-9.86494292470009928597e-03, -7.99283237680523006574e-01, -1.77579549177547519889e+01,
  -1.60636384855821916062e+02, -6.37566443368389627722e+02, -1.02509513161107724954e+03,
  -4.83519191608651397019e+02];
const SB = [1, 3.03380607434824582924e+01, 3.25792512996573918826e+02, 1.53672958608443695994e+03,
  3.19985821950859553908e+03, 2.55305040643316442583e+03, 4.74528541206955367215e+02,
  -2.24409524465858183362e+01];

/** Horner's rule, c[0] + t·(c[1] + t·(…)). */
function poly(c: readonly number[], t: number): number {
  let r = c[c.length - 1];
  for (let i = c.length - 2; i >= 0; i--) r = c[i] + t * r;
  return r;
}

/** x·R(x²) on |x| < 0.84375, so that erf(x) = x + xR. */
function smallTerm(x: number): number {
  const z = x * x;
  return x * (poly(PP, z) / poly(QQ, z));
}

/** P₁/Q₁ on 0.84375 ≤ |x| < 1.25, so that erf(|x|) = c + P₁/Q₁. */
function nearOne(ax: number): number {
  const s = ax - 1;
  return poly(PA, s) / poly(QA, s);
}

/** erfc(ax) for 1.25 ≤ ax < 28. */
function tail(ax: number): number {
  const s = 1 / (ax * ax);
  const rs = ax < 1 / 0.35 ? poly(RA, s) / poly(SA, s) : poly(RB, s) / poly(SB, s);
  const z = Math.fround(ax);
  return (Math.exp(-z * z - 0.5625) * Math.exp((z - ax) * (z + ax) + rs)) / ax;
}

/** The error function erf(x) = 2/√π ∫₀ˣ e^(−t²) dt. */
export function erf(x: number): number {
  if (Number.isNaN(x)) return x;
  const ax = Math.abs(x);
  if (ax < 0.84375) {
    if (ax < 2 ** -28) {
      // 8x keeps EFX·x out of the subnormal range, where it would lose bits
      return ax < 2 ** -1015 ? 0.125 * (8 * x + EFX8 * x) : x + EFX * x;
    }
    return x + smallTerm(x);
  }
  const sgn = x < 0 ? -1 : 1;
  if (ax < 1.25) return sgn * (ERX + nearOne(ax));
  if (ax >= 6) return sgn; // 1 − erf < 2e-17: rounds to ±1
  return sgn * (1 - tail(ax));
}

/** The complementary error function erfc(x) = 1 − erf(x), without cancellation for large x. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return x;
  const ax = Math.abs(x);
  if (ax < 0.84375) {
    if (ax < 2 ** -56) return 1 - x;
    const xr = smallTerm(x);
    return x < 0.25 ? 1 - (x + xr) : 0.5 - (xr + (x - 0.5));
  }
  if (ax < 1.25) {
    const pq = nearOne(ax);
    return x > 0 ? 1 - ERX - pq : 1 + (ERX + pq);
  }
  if (ax < 28) {
    if (x <= -6) return 2; // 2 − erfc(6) rounds to 2
    const r = tail(ax);
    return x > 0 ? r : 2 - r;
  }
  return x > 0 ? 0 : 2;
}
