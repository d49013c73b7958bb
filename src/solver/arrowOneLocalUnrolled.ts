/**
 * The passes over the groups of arrow.ts's one-local paths (l = 1: ODR of one x column, 10⁵–10⁶
 * groups) with the s shared entries known: one pass over the groups, every shared sum in its own
 * local and the per-group updates unrolled. The general one-local paths loop over s inside every
 * group (or make s strided passes over a block); with s = 3 at 10⁵ groups those measured 3.9 ms
 * (factor), 3.2 ms (solve) and 2.4 ms (multiply) per call, most of it loop overhead.
 *
 * Every sum is the same as there, term for term and in the same order (each shared entry summed
 * group after group from its starting value), so the results are the same to the last bit
 * (arrowOneLocalUnrolled.test.ts compares the two paths bit for bit).
 *
 * The sources are built from the integer s alone (nothing a user typed) and instantiated with
 * `new Function` once per s; where the realm forbids code generation (a CSP without
 * 'unsafe-eval') or s is large, arrow.ts keeps its general paths.
 */
import { codegenAllowed } from '../model/kernels';

/** Beyond this many shared entries the locals stop paying; the general paths run. */
const UNROLL_MAX_S = 12;

export interface OneLocalPasses {
  /** factorOneLocal's pass: L, W and S −= Σ W_gᵀW_g; out[0] = max diagonal, out[1] = min D̃_g. */
  factor(G: number, B: Float64Array, D: Float64Array, L: Float64Array, W: Float64Array, S: Float64Array, ds: Float64Array, d: Float64Array | null, shift: Float64Array | null, alpha: number, out: Float64Array): void;
  /** solveOneLocal's forward pass (y_g = r_g/L_g, r_s −= Σ W_g y_g). */
  forward(G: number, L: Float64Array, W: Float64Array, out: Float64Array): void;
  /** solveOneLocal's back pass (x_g = (y_g − W_g·x_s)/L_g). */
  back(G: number, L: Float64Array, W: Float64Array, out: Float64Array): void;
  /** multiplyOneLocal's pass (out_g = B_g·x_s + D_g x_g, out_s += Σ B_g x_g). */
  multiply(G: number, B: Float64Array, D: Float64Array, x: Float64Array, out: Float64Array): void;
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

function upperPairs(s: number): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < s; i++) for (let k = i + 1; k < s; k++) pairs.push([i, k]);
  return pairs;
}

/** The four passes' source for s shared entries. */
export function oneLocalSource(s: number): string {
  if (!Number.isInteger(s) || s < 1 || s > UNROLL_MAX_S) throw new Error(`oneLocalSource: s = ${s} is out of range`);
  const R = range(s);
  const pairs = upperPairs(s);
  const sum = (terms: string[]): string => ['0', ...terms].join(' + ');
  const factor = `function factor(G, B, D, L, W, S, ds, d, shift, alpha, out) {
let maxDiag = out[0], minDg = out[1];
${R.map((i) => `const ds${i} = ds[${i}]; let s${i}_${i} = S[${i * s + i}];`).join(' ')}
${pairs.map(([i, k]) => `let u${i}_${k} = S[${i * s + k}], l${i}_${k} = S[${k * s + i}];`).join(' ')}
for (let g = 0, o = 0; g < G; g++, o += ${s}) {
const base = ${s} + g;
const sg = d ? d[base] : 1;
const dg = D[g] * sg * sg + ((shift ? shift[base] : 0) + alpha);
if (dg > maxDiag) maxDiag = dg;
if (!(dg >= minDg)) minDg = Number.isNaN(dg) ? -Infinity : dg;
const Lg = Math.sqrt(dg);
L[g] = Lg;
${R.map((i) => `const w${i} = (B[o + ${i}] * ds${i} * sg) / Lg; W[o + ${i}] = w${i};`).join(' ')}
${R.map((i) => `s${i}_${i} -= w${i} * w${i};`).join(' ')}
${pairs.map(([i, k]) => `{ const t = w${i} * w${k}; u${i}_${k} -= t; l${i}_${k} -= t; }`).join(' ')}
}
${R.map((i) => `S[${i * s + i}] = s${i}_${i};`).join(' ')}
${pairs.map(([i, k]) => `S[${i * s + k}] = u${i}_${k}; S[${k * s + i}] = l${i}_${k};`).join(' ')}
out[0] = maxDiag; out[1] = minDg;
}`;
  const forward = `function forward(G, L, W, out) {
${R.map((i) => `let o${i} = out[${i}];`).join(' ')}
for (let g = 0, wo = 0; g < G; g++, wo += ${s}) {
const y = out[${s} + g] / L[g];
out[${s} + g] = y;
${R.map((i) => `o${i} -= W[wo + ${i}] * y;`).join(' ')}
}
${R.map((i) => `out[${i}] = o${i};`).join(' ')}
}`;
  const back = `function back(G, L, W, out) {
${R.map((i) => `const o${i} = out[${i}];`).join(' ')}
for (let g = 0, wo = 0; g < G; g++, wo += ${s}) {
const t = ${sum(R.map((i) => `W[wo + ${i}] * o${i}`))};
out[${s} + g] = (out[${s} + g] - t) / L[g];
}
}`;
  const multiply = `function multiply(G, B, D, x, out) {
${R.map((i) => `const x${i} = x[${i}]; let o${i} = out[${i}];`).join(' ')}
for (let g = 0, bo = 0; g < G; g++, bo += ${s}) {
const xg = x[${s} + g];
const t = ${sum(R.map((i) => `B[bo + ${i}] * x${i}`))};
out[${s} + g] = t + D[g] * xg;
${R.map((i) => `o${i} += B[bo + ${i}] * xg;`).join(' ')}
}
${R.map((i) => `out[${i}] = o${i};`).join(' ')}
}`;
  return `"use strict";\n${factor}\n${forward}\n${back}\n${multiply}\nreturn { factor, forward, back, multiply };`;
}

/** Tests set false to run the general paths; null: whenever code generation is allowed. */
let forced: false | null = null;

const cache = new Map<number, OneLocalPasses>();

/** Calls per pass before real use: more than V8's lazy feedback allocation waits for (8). */
export const WARM_ROUNDS = 12;

/**
 * Runs every pass once on two scratch groups, every branch taken (d and shift null and not), so
 * that each has type feedback for all of its code: without it V8 optimizes a pass inside its
 * first long loop (on-stack replacement), then deoptimizes it at the never-run flush after the
 * loop ("insufficient type feedback"), and the next calls run unoptimized again (measured: a
 * factor at 10⁵ groups 8–12 ms instead of 1.5 ms for its first calls).
 */
function warm(passes: OneLocalPasses, s: number): void {
  const G = 2;
  const v = (n: number): Float64Array => new Float64Array(n).fill(1);
  const out = new Float64Array(2);
  // V8 allocates a function's feedback only after several calls (lazy feedback allocation).
  for (let round = 0; round < WARM_ROUNDS; round++) {
    for (const [d, shift] of [[null, null], [v(s + G), v(s + G)]] as const) {
      out[0] = 0;
      out[1] = Infinity;
      passes.factor(G, v(G * s), v(G), v(G), v(G * s), v(s * s), v(s), d, shift, 1, out);
    }
    const x = v(s + G);
    passes.forward(G, v(G), v(G * s), x);
    passes.back(G, v(G), v(G * s), x);
    passes.multiply(G, v(G * s), v(G), v(s + G), x);
  }
}

/** The unrolled passes for s shared entries, or null where arrow.ts's general paths should run. */
export function oneLocalPasses(s: number): OneLocalPasses | null {
  if (s < 1 || s > UNROLL_MAX_S || forced === false || !codegenAllowed()) return null;
  let passes = cache.get(s);
  if (!passes) {
    passes = (new Function(oneLocalSource(s)) as () => OneLocalPasses)();
    warm(passes, s);
    cache.set(s, passes);
  }
  return passes;
}

/** For tests: run the general paths (false) or detect again (null). */
export function setOneLocalUnrolled(allowed: false | null): void {
  forced = allowed;
}
