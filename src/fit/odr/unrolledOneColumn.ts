/**
 * linearizeOneColumn.ts's arrow linearization (l = 1) with the s free parameters known: one pass
 * over the rows, every sum in its own local and the per-row updates unrolled (as the model's
 * `normal` kernel does for JᵀJ, model/normalSource.ts). The same sums in the same order as the
 * general path (each entry of A and g_β summed row after row from 0), so every entry is the same
 * to the last bit (unrolledOneColumn.test.ts); measured 4.0 ms → 1.4 ms per call at 10⁵ rows with
 * s = 3 (the whole linearization with the model kernel: bench/results/odr.md).
 *
 * The source is built from the integer s alone (no user text reaches it) and instantiated with
 * `new Function` once per s; where the realm forbids code generation (a CSP without
 * 'unsafe-eval': model/kernels.ts codegenAllowed) or s is large, the general path runs.
 */
import { codegenAllowed } from '../../model/kernels';
import type { ArrowMatrix } from '../../solver/arrow';
import { WARM_ROUNDS } from '../../solver/arrowOneLocalUnrolled';
import { linearizeOneColumn } from './linearizeOneColumn';

/** Beyond this many parameters the s(s + 1)/2 locals stop paying; the general path runs. */
const UNROLL_MAX_S = 12;

type Unrolled = (G: number, f: Float64Array, J: Float64Array, u: Float64Array, x: Float64Array, A: Float64Array, B: Float64Array, D: Float64Array, grad: Float64Array) => number;

const cache = new Map<number, Unrolled>();

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** The unrolled function's source for s parameters (rows of J: [jβ (s) | jδ], stride s + 1). */
export function unrolledSource(s: number): string {
  if (!Number.isInteger(s) || s < 1 || s > UNROLL_MAX_S) throw new Error(`unrolledSource: s = ${s} is out of range`);
  const k = s + 1;
  const pairs: [number, number][] = [];
  for (let a = 0; a < s; a++) for (let b = a; b < s; b++) pairs.push([a, b]);
  const locals = [...pairs.map(([a, b]) => `a${a}_${b} = 0`), ...range(s).map((a) => `g${a} = 0`), 'ee = 0'];
  return `"use strict";
return function linearizeOneColumn${s}(G, f, J, u, x, A, B, D, grad) {
let ${locals.join(', ')};
for (let i = 0, jo = 0; i < G; i++, jo += ${k}) {
const r = f[i]; ee += r * r;
${range(s).map((a) => `const j${a} = J[jo + ${a}];`).join(' ')} const jd = J[jo + ${s}];
const ui = u[i], uu = ui * ui;
D[i] = jd * jd + uu;
grad[${s} + i] = jd * r + uu * x[${s} + i];
const bo = i * ${s};
${range(s).map((a) => `g${a} += j${a} * r;`).join(' ')}
${range(s).map((a) => `B[bo + ${a}] = j${a} * jd;`).join(' ')}
${pairs.map(([a, b]) => `a${a}_${b} += j${a} * j${b};`).join(' ')}
}
${pairs.map(([a, b]) => (a === b ? `A[${a * s + b}] = a${a}_${b};` : `A[${a * s + b}] = a${a}_${b}; A[${b * s + a}] = a${a}_${b};`)).join(' ')}
${range(s).map((a) => `grad[${a}] = g${a};`).join(' ')}
return ee;
};`;
}

/** The unrolled linearization for s parameters, or null where it cannot or should not be built. */
function unrolled(s: number): Unrolled | null {
  if (s < 1 || s > UNROLL_MAX_S || !codegenAllowed()) return null;
  let fn = cache.get(s);
  if (!fn) {
    fn = (new Function(unrolledSource(s)) as () => Unrolled)();
    // Runs on scratch rows first, so that the code after the loop has type feedback (else V8
    // optimizes inside the first long loop and deoptimizes at the loop's end: arrowOneLocalUnrolled.ts).
    const v = (n: number): Float64Array => new Float64Array(n).fill(1);
    for (let round = 0; round < WARM_ROUNDS; round++) fn(2, v(2), v(2 * (s + 1)), v(2), v(s + 2), v(s * s), v(2 * s), v(2), v(s + 2));
    cache.set(s, fn);
  }
  return fn;
}

/** linearizeOneColumn's contract and results, through the unrolled pass where there is one. */
export function linearizeOneColumnFast(s: number, G: number, f: Float64Array, J: Float64Array, u: Float64Array, x: Float64Array, M: ArrowMatrix, grad: Float64Array): number {
  const fn = unrolled(s);
  return fn ? fn(G, f, J, u, x, M.A, M.B, M.D, grad) : linearizeOneColumn(s, G, f, J, u, x, M, grad);
}
