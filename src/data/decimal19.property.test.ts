/**
 * The 16–19 digit fast path (`exactDecimal19`, called by `decimalFromBytes`) against JavaScript's
 * own correctly rounded parseFloat, bit for bit: random mantissas and scales, 17-digit writes of
 * random doubles (which must round-trip), exact midpoints between adjacent doubles (built with
 * BigInt so they are exact) and their ±1 neighbours, values around powers of two and 2^53, and
 * scales outside ±22 that must fall back. Loops of plain seeded random numbers, not fast-check
 * shrinking, so that 10⁶ cases run in a few seconds.
 */
import { describe, expect, it } from 'vitest';
import { sweep } from '../../test/sweep';
import { decimalEnd, decimalFromBytes } from './decimalBytes';
import { readDigits } from './decimalDigits';
import { residualOf } from './decimalResidual';
import { exactDecimal19 } from './exactDecimal19';
import { readNumericRow } from './numericRow';

const bytes = new Uint8Array(64);
const bits = new Float64Array(2);
const words = new BigUint64Array(bits.buffer);

/** The byte reader on a whole string; NaN when it rejects it or stops before its end. */
function read(s: string): number {
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  const v = decimalFromBytes(bytes, 0, s.length, 46);
  return v === v && decimalEnd === s.length ? v : NaN;
}

/** Bit-for-bit equality (Object.is, and the raw words, so -0 and every NaN payload count). */
function sameBits(a: number, b: number): boolean {
  bits[0] = a;
  bits[1] = b;
  return Object.is(a, b) && words[0] === words[1];
}

const row = new Float64Array(1);
const rowLo = new Float64Array(1);
const shape = { delimiter: 44, sep: 46, count: 1 };

/**
 * Failures collected so one run shows several (and the test reports the first few). Each string is
 * read by decimalFromBytes and as a row by the fast path of the byte ingest (numericRow's own
 * 16–19 digit pass), whose residual must be the text path's (residualOf of readDigits) bit for bit.
 */
function check(s: string, failures: string[]): void {
  const got = read(s);
  const want = parseFloat(s);
  if (!sameBits(got, want) && failures.length < 10) failures.push(`${s}: ${got} vs ${want}`);
  const taken = readNumericRow(bytes, 0, s.length, shape, row, rowLo); // bytes: s, written by read()
  if ((!taken || !sameBits(row[0] as number, want)) && failures.length < 10) failures.push(`${s} as a row: ${taken ? row[0] : 'refused'} vs ${want}`);
  const lo = residualOf(readDigits(s, false), want);
  if (taken && !sameBits(rowLo[0] as number, lo) && failures.length < 10) failures.push(`${s} as a row: residual ${rowLo[0]} vs ${lo}`);
}

/** xorshift128+: a fixed seed, so a failure reproduces. */
function rng(seed: number): () => number {
  let a = seed >>> 0 || 1;
  let b = 0x9e3779b9;
  return () => {
    let t = a;
    const s = b;
    a = s;
    t ^= t << 23;
    t ^= t >>> 17;
    t ^= s ^ (s >>> 26);
    b = t;
    return ((t + s) >>> 0) / 4294967296;
  };
}

/** A decimal text of the integer digits `m` times 10^scale, written plainly or with an exponent. */
function write(m: string, scale: number, style: number): string {
  if (style === 0) return `${m}e${scale}`;
  const point = m.length + scale; // digits before the point
  if (style === 1 && point > 0 && point < m.length) return `${m.slice(0, point)}.${m.slice(point)}`;
  if (style === 1 && point <= 0 && point > -8) return `0.${'0'.repeat(-point)}${m}`;
  return `${m[0]}.${m.slice(1)}e${point - 1}`; // scientific, as repr and %.17g write it
}

/**
 * Whether M · 10^scale is exactly halfway between two adjacent (normal) doubles: a dyadic K · 2^e
 * with K odd of exactly 54 bits. Exact, with BigInt.
 */
function isMidpoint(M: bigint, scale: number): boolean {
  const five = 5n ** BigInt(Math.abs(scale));
  let K = scale >= 0 ? M * five : M % five === 0n ? M / five : 0n;
  if (K === 0n) return false;
  while (K % 2n === 0n) K /= 2n;
  return K.toString(2).length === 54;
}

describe('16–19 significant digits: exactly parseFloat', () => {
  it('2.5·10⁵ random mantissas (10⁶ with FITBENCH_FULL=1) of 16–19 digits, scales −22…22, three ways of writing them', () => {
    const r = rng(17);
    const failures: string[] = [];
    let fast = 0;
    let ties = 0;
    const n = sweep(1_000_000, 250_000);
    for (let k = 0; k < n; k++) {
      const digits = 16 + Math.floor(r() * 4);
      let m = String(1 + Math.floor(r() * 9));
      while (m.length < digits) m += String(Math.floor(r() * 10)).padStart(1, '0');
      if (r() < 0.1) m = m.slice(0, digits - 3) + '000'; // trailing zeros, as fixed-width writers pad
      const scale = Math.floor(r() * 45) - 22;
      const s = (r() < 0.5 ? '-' : '') + write(m, scale, k % 3);
      check(s, failures);
      const c0 = Number(m.slice(0, 15));
      const c1 = Number(m.slice(15));
      if (exactDecimal19(c0, c1, digits - 15, scale) === exactDecimal19(c0, c1, digits - 15, scale)) fast++;
      else if (isMidpoint(BigInt(m), scale)) ties++;
      else if (failures.length < 10) failures.push(`${m}e${scale} is no tie, yet was handed to Number()`);
    }
    expect(failures).toEqual([]);
    expect(fast + ties).toBe(n); // only exact ties fall back (a near-tie within 2^-49 did not come up)
    expect(fast / n).toBeGreaterThan(0.99);
  });

  it('17-digit and shortest writes of 10⁵ random doubles round-trip (repr, %.17g)', () => {
    const r = rng(42);
    const failures: string[] = [];
    for (let k = 0; k < 100_000; k++) {
      const x = 10 ** (r() * 48 - 7) * (1 + r()); // 1e-7…2e41: the fast path's range and a little beyond
      for (const s of [x.toPrecision(17), x.toPrecision(16), String(x), x.toExponential(16), (-x).toPrecision(18), x.toPrecision(19)]) {
        check(s, failures);
      }
      if (!sameBits(read(x.toPrecision(17)), x) && failures.length < 10) failures.push(`${x.toPrecision(17)} does not round-trip`);
    }
    expect(failures).toEqual([]);
  });

  it('exact midpoints between adjacent doubles (ties, to even) and their ±1 neighbours in the last digit', () => {
    const r = rng(7);
    const failures: string[] = [];
    let ties = 0;
    let undecided = 0;
    const lowest = 2n ** 53n;
    for (let k = 0; k < 40_000; k++) {
      // V = K · 2^e with K odd of 54 bits is exactly halfway between two doubles. Written as
      // M · 10^scale: scale ≥ 0 needs K = 5^scale · j (M = j · 2^t); scale < 0 needs M = 5^|scale| · K · 2^t.
      const scale = k % 4 === 0 ? -Math.floor(r() * 4) : Math.floor(r() * 23);
      const five = 5n ** BigInt(Math.abs(scale));
      const unit = scale >= 0 ? five : 1n;
      const jMin = (lowest + unit - 1n) / unit;
      const jMax = (2n * lowest - 1n) / unit;
      if (jMax < jMin) continue;
      let j = jMin + (BigInt(Math.floor(r() * 2 ** 30)) * (jMax - jMin)) / 2n ** 30n;
      if (j % 2n === 0n) j = j + 1n <= jMax ? j + 1n : j - 1n;
      if (j < jMin) continue;
      let M = scale >= 0 ? j : five * j * unit;
      while (M * 2n < 10n ** 19n && r() < 0.7) M *= 2n; // M = … · 2^t: the same odd part, shifted
      if (M >= 10n ** 19n || M < 10n ** 15n) continue;
      ties++;
      for (const d of [0n, -1n, 1n]) {
        const m = String(M + d);
        for (let style = 0; style < 3; style++) check(write(m, scale, style), failures);
      }
      const m = String(M);
      const x = exactDecimal19(Number(m.slice(0, 15)), Number(m.slice(15)), m.length - 15, scale);
      if (x !== x) undecided++;
      else if (failures.length < 10) failures.push(`the tie ${m}e${scale} was decided (${x}), not handed to Number()`);
    }
    expect(failures).toEqual([]);
    expect(ties).toBeGreaterThan(10_000);
    expect(undecided).toBe(ties);
  });

  it('around powers of two, 2^53 and 10^19', () => {
    const failures: string[] = [];
    for (let e = -24; e <= 137; e++) {
      const p = 2 ** e;
      for (const x of [p, p * (1 + 2 ** -52), p * (1 - 2 ** -53), p * (1 - 2 ** -52)]) {
        for (const s of [x.toPrecision(16), x.toPrecision(17), x.toPrecision(18), x.toPrecision(19)]) check(s, failures);
      }
    }
    for (const base of [2n ** 53n, 2n ** 54n, 2n ** 60n, 2n ** 63n, 10n ** 19n - 1000n, 10n ** 15n, 10n ** 16n]) {
      for (let d = -1000n; d <= 1000n; d++) {
        const v = base + d;
        if (v >= 10n ** 19n || v < 10n ** 15n) continue;
        for (const scale of [0, -1, -3, 5, -22, 22]) check(write(String(v), scale, scale % 2 === 0 ? 0 : 1), failures);
      }
    }
    expect(failures).toEqual([]);
  });

  it('scales beyond ±22, subnormals and overflow fall back and still match', () => {
    const r = rng(99);
    const failures: string[] = [];
    for (let k = 0; k < 50_000; k++) {
      let m = String(1 + Math.floor(r() * 9));
      const digits = 16 + Math.floor(r() * 5); // 16–20 digits: 20 never takes the fast path
      while (m.length < digits) m += String(Math.floor(r() * 10));
      const scale = Math.floor(r() * 680) - 360;
      check(write(m, scale, 0), failures);
      check(write(m, scale, 2), failures);
    }
    for (const s of ['4.9406564584124654e-324', '2.2250738585072011e-308', '1.7976931348623157e308', '1.7976931348623159e308', '1.2345678901234567e23', '1.2345678901234567e-23']) {
      check(s, failures);
    }
    expect(failures).toEqual([]);
  });
});
