/**
 * Numeric literals for generated WGSL (W3C WGSL §3.5 "Literals", §15.7 "Floating Point Evaluation").
 *
 * A model constant is a float64; the GPU computes in f32, so the literal is the constant rounded to
 * the nearest f32 (Math.fround, IEEE 754 roundTiesToEven) and written as the shortest decimal that
 * rounds back to that same f32 — `1.5f`, `0.1f`, `1e-7f` — so the shader sees exactly the f32 the
 * host meant, whatever the WGSL compiler's own decimal conversion does with extra digits.
 *
 * WGSL rejects what f32 cannot hold: a literal outside the finite f32 range is a shader-creation
 * error (§3.5: "the value is out of range"), and there are no NaN or infinity literals
 * (implementations may assume neither occurs, §15.7.2). Subnormals are legal, but devices may flush
 * them to zero. So:
 * - |x| beyond the largest finite f32 saturates to ±3.4028235e38f,
 * - NaN is written as 0.0f,
 * - non-zero |x| below the smallest normal f32 (2^-126) is written as a signed zero,
 * and each of these marks the literal `faithful: false`; the caller decides (the GPU path refuses such
 * models and leaves them to the float64 CPU kernels).
 */

/** Largest finite f32, 2^128 − 2^104. */
export const F32_MAX = 3.4028234663852886e38;
/** Smallest positive normal f32, 2^-126. */
export const F32_MIN_NORMAL = 1.1754943508222875e-38;

export interface WgslLiteral {
  /** WGSL source of an f32 value, parenthesised when negative. */
  readonly text: string;
  /** The literal is the constant rounded to f32 (false: saturated, flushed, or NaN). */
  readonly faithful: boolean;
}

const PLAIN = /^\d+(\.\d+)?(e[+-]\d+)?$/;

/**
 * Shortest decimal text of a finite non-negative f32 that Math.fround reads back as itself. The
 * largest f32 is the exception: its shortest decimal, 3.4028235e38, lies above it, and WGSL
 * compilers (Tint) reject a decimal beyond the finite range even when it would round back; the
 * nine-digit 3.40282346e38 lies below and rounds to it.
 */
function shortestF32(f: number): string {
  if (f === F32_MAX) return '3.40282346e+38';
  for (let digits = 1; digits <= 9; digits++) {
    const text = String(Number(f.toPrecision(digits)));
    if (Math.fround(Number(text)) === f) return text;
  }
  return String(f); // 9 significant digits always round-trip an f32; kept for completeness
}

function literal(magnitude: string, negative: boolean): string {
  // Defence in depth: only digits, one point and an exponent reach generated code.
  if (!PLAIN.test(magnitude)) throw new Error(`internal: unexpected number text ${magnitude}`);
  return negative ? `(-${magnitude}f)` : `${magnitude}f`;
}

/** The f32 literal for a float64 constant; see the module docblock. */
export function wgslF32(x: number): WgslLiteral {
  if (Number.isNaN(x)) return { text: '0.0f', faithful: false };
  const negative = x < 0 || Object.is(x, -0);
  const f = Math.fround(Math.abs(x));
  if (f === Infinity) return { text: literal(shortestF32(F32_MAX), negative), faithful: false };
  if (f === 0) return { text: literal('0.0', negative), faithful: x === 0 };
  if (f < F32_MIN_NORMAL) return { text: literal('0.0', negative), faithful: false };
  return { text: literal(shortestF32(f), negative), faithful: true };
}

/** A non-negative integer (an index or a count) as a WGSL u32 literal. */
export function wgslU32(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 0xffffffff) throw new Error(`internal: bad index ${n}`);
  return `${n}u`;
}

/** A non-negative integer as plain digits, for generated names (`t12`). */
export function wgslIndex(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`internal: bad index ${n}`);
  return String(n);
}
