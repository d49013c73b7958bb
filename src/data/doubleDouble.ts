/**
 * Double-double arithmetic, just enough to convert decimal text: a value is the unevaluated sum
 * hi + lo of two doubles with |lo| ≤ ulp(hi)/2, ~106 bits (~32 decimal digits).
 *
 * Error-free transformations after Dekker (1971) and Knuth (TAOCP vol. 2, 4.2.2); the dd operations
 * follow Hida, Li & Bailey's QD library ("Algorithms for quad-double precision floating point
 * arithmetic", 2001). JavaScript has no fused multiply-add, so products use Dekker's split.
 *
 * These run on the CPU in float64 where IEEE semantics hold; they must never be ported to WGSL
 * (see DESIGN.md: the GPU compiler may reassociate them away).
 */

/** [hi, lo]; tuples keep the hot conversion loop free of object shapes. */
export type DD = readonly [number, number];

/** Knuth's TwoSum: s + e = a + b exactly, s = fl(a + b). */
export function twoSum(a: number, b: number): DD {
  const s = a + b;
  const bb = s - a;
  const e = (a - (s - bb)) + (b - bb);
  return [s, e];
}

/** Dekker's FastTwoSum; requires |a| ≥ |b| (or a = 0). */
function quickTwoSum(a: number, b: number): DD {
  const s = a + b;
  return [s, b - (s - a)];
}

const SPLITTER = 134217729; // 2^27 + 1
const SPLIT_LIMIT = 6.69692879491417e299; // above this, a * SPLITTER would overflow
const TWO_M28 = 3.725290298461914e-9; // 2^-28
const TWO_28 = 268435456;

/** Dekker's split: a = hi + lo with both halves 26 bits wide. Rescales huge inputs to avoid overflow. */
function split(a: number): DD {
  if (a > SPLIT_LIMIT || a < -SPLIT_LIMIT) {
    const s = a * TWO_M28;
    const t = SPLITTER * s;
    const hi = t - (t - s);
    return [hi * TWO_28, (s - hi) * TWO_28];
  }
  const t = SPLITTER * a;
  const hi = t - (t - a);
  return [hi, a - hi];
}

/**
 * The rounding error of p = fl(a·b): a·b − p exactly (barring underflow), by Dekker's TwoProduct.
 * Allocation-free for the per-cell hot path; `twoProd` wraps it.
 */
export function prodError(a: number, b: number, p: number): number {
  if (a > SPLIT_LIMIT || a < -SPLIT_LIMIT || b > SPLIT_LIMIT || b < -SPLIT_LIMIT) {
    const [ah, al] = split(a);
    const [bh, bl] = split(b);
    return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
  }
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

/** Dekker's TwoProduct: p + e = a * b exactly (barring underflow), p = fl(a * b). */
export function twoProd(a: number, b: number): DD {
  const p = a * b;
  return [p, prodError(a, b, p)];
}

/** dd + double. */
export function addD(a: DD, b: number): DD {
  const [s, e] = twoSum(a[0], b);
  return quickTwoSum(s, e + a[1]);
}

/** dd × double. */
export function mulD(a: DD, b: number): DD {
  const [p, e] = twoProd(a[0], b);
  return quickTwoSum(p, e + a[1] * b);
}

/** dd × dd (the a.lo × b.lo term is below the precision and dropped). */
export function mul(a: DD, b: DD): DD {
  const [p, e] = twoProd(a[0], b[0]);
  return quickTwoSum(p, e + (a[0] * b[1] + a[1] * b[0]));
}

/** dd − dd, the careful (IEEE-style) variant: both error terms kept. */
function sub(a: DD, b: DD): DD {
  const [s, e1] = twoSum(a[0], -b[0]);
  const [t, e2] = twoSum(a[1], -b[1]);
  const [s2, e3] = quickTwoSum(s, e1 + t);
  return quickTwoSum(s2, e3 + e2);
}

/** dd ÷ dd by long division with three quotient digits (QD's accurate_div). */
export function div(a: DD, b: DD): DD {
  const q1 = a[0] / b[0];
  let r = sub(a, mulD(b, q1));
  const q2 = r[0] / b[0];
  r = sub(r, mulD(b, q2));
  const q3 = r[0] / b[0];
  const [s, e] = quickTwoSum(q1, q2);
  return addD([s, e], q3);
}
