/**
 * Elementary functions in double-double (see doubleDouble.ts), after QD's dd_real.cpp
 * (Hida, Li & Bailey 2001): exp by argument reduction and Taylor series, log by one Newton step on
 * exp, sqrt by Karp's trick. Non-finite and out-of-domain inputs fall back to the float64 function,
 * so inf and NaN come out as Math would give them.
 */
import { ddAdd, ddDiv, ddMul, ddMulD, ddSub, twoProd, twoSum, type DD } from './doubleDouble';

/** ln 2 to ~107 bits (QD's dd_real::_log2). */
const LN2: DD = [6.931471805599452862e-1, 2.319046813846299558e-17];

/** 1/n! for n = 3 … 12, computed once in dd (n! is exact in double up to 18!). */
const INV_FACT: DD[] = [];
for (let n = 3, f = 2; n <= 12; n++) {
  f *= n;
  INV_FACT.push(ddDiv([1, 0], [f, 0]));
}

/** a · 2^m for integer m, exact unless the result leaves the normal range. */
function ldexp(a: DD, m: number): DD {
  const h = Math.trunc(m / 2);
  const s1 = 2 ** h;
  const s2 = 2 ** (m - h); // two factors, so that neither overflows for |m| up to ~2046
  return [a[0] * s1 * s2, a[1] * s1 * s2];
}

/**
 * e^a: with m = round(a/ln 2) and r = (a − m ln 2)/512, e^a = 2^m·(e^r)^512; e^r − 1 by Taylor up to
 * r¹²/12! (|r| ≤ 6.8e-4, so the first omitted term is below 2⁻¹¹⁰ relative), then nine squarings
 * of (1 + s) carried as s ← 2s + s² to keep the small part exact.
 */
export function ddExp(a: DD): DD {
  const x = a[0];
  if (!Number.isFinite(x)) return [Math.exp(x), 0];
  if (x > 709.79) return [Infinity, 0];
  if (x < -745.2) return [0, 0];
  if (x === 0 && a[1] === 0) return [1, 0];
  const m = Math.floor(x / LN2[0] + 0.5);
  const reduced = ddSub(a, ddMulD(LN2, m));
  const r: DD = [reduced[0] / 512, reduced[1] / 512];
  // s = r + r²/2 + r³/3! + …
  let p = ddMul(r, r);
  let s = ddAdd(r, [p[0] * 0.5, p[1] * 0.5]);
  for (const c of INV_FACT) {
    p = ddMul(p, r);
    s = ddAdd(s, ddMul(p, c));
  }
  for (let i = 0; i < 9; i++) s = ddAdd([2 * s[0], 2 * s[1]], ddMul(s, s));
  return ldexp(ddAdd(s, [1, 0]), m);
}

/** ln a by one Newton step x ← x + a·e^(−x) − 1 from x = Math.log(a), which doubles the digits. */
export function ddLog(a: DD): DD {
  const x0 = a[0];
  if (!(x0 > 0) || !Number.isFinite(x0)) return [Math.log(x0), 0];
  if (x0 === 1 && a[1] === 0) return [0, 0];
  const x: DD = [Math.log(x0), 0];
  return ddSub(ddAdd(x, ddMul(a, ddExp([-x[0], 0]))), [1, 0]);
}

/** √a with Karp's trick: x = 1/√a₀, √a ≈ a₀x + (a − (a₀x)²)·x/2. */
export function ddSqrt(a: DD): DD {
  const a0 = a[0];
  if (!(a0 > 0) || !Number.isFinite(a0)) return [Math.sqrt(a0), 0];
  const x = 1 / Math.sqrt(a0);
  const ax = a0 * x;
  const [sq, sqErr] = twoProd(ax, ax);
  const diff = ddSub(a, [sq, sqErr]);
  return twoSum(ax, diff[0] * (x * 0.5));
}

/** aⁿ for integer n by binary powering; n < 0 gives 1/a^|n|. */
export function ddPowi(a: DD, n: number): DD {
  let m = Math.abs(n);
  let result: DD = [1, 0];
  let base = a;
  while (m > 0) {
    if (m % 2 === 1) result = ddMul(result, base);
    m = Math.floor(m / 2);
    if (m > 0) base = ddMul(base, base);
  }
  return n < 0 ? ddDiv([1, 0], result) : result;
}

/** a^b = e^(b·ln a) for a > 0; other bases (negative, zero, non-finite) use Math.pow on the highs. */
export function ddPow(a: DD, b: DD): DD {
  if (!(a[0] > 0) || !Number.isFinite(a[0]) || !Number.isFinite(b[0])) return [Math.pow(a[0], b[0]), 0];
  return ddExp(ddMul(b, ddLog(a)));
}
