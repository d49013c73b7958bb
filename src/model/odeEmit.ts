/**
 * Float64 closures for several outputs of one DAG (an ODE model's f, ∂f/∂X, ∂f/∂p, …): the roots
 * are scheduled into one straight-line tape (schedule.ts; the first root in `value`, the others
 * in `grads`), so common subexpressions are computed once per call, and the tape becomes
 *
 *   function (params, out) { const t0 = params[3]; …; out[0] = t7; out[1] = t9; … }
 *
 * through the model compiler's own per-instruction emitter (emitJs.ts `statement`), instantiated
 * with `new Function` as kernels.ts does. The security argument is emitJs.ts's: the text holds
 * fixed template words, slot names, integer indices, round-trip numeric literals and names from
 * the emitter's fixed function table; user identifiers became z indices in odeLower.ts and never
 * reach the source. Where a Content-Security-Policy forbids code generation, the tape interpreter
 * (interpret.ts) computes the same numbers behind the same signature.
 */
import type { Graph, NodeId } from './graph';
import { interpretRow } from './interpret';
import { codegenAllowed } from './kernels';
import { jsIndex } from './jsLiteral';
import { schedule } from './schedule';
import { slot, statement } from './emitJs';
import { erf, erfc } from './special';
import type { Tape } from './tape';

/** out[r] ← root r at the input vector z. */
export type MultiKernel = (z: Float64Array, out: Float64Array) => void;

/** The roots as one tape; value = roots[0], grads = roots[1 …]. */
export function multiTape(graph: Graph, roots: readonly NodeId[], zLength: number): Tape {
  if (roots.length === 0) return { instrs: [], value: -1, grads: [], wrt: [], nParams: zLength, nVars: 0 };
  return schedule(graph, { value: roots[0], grads: roots.slice(1), wrt: roots.slice(1).map((_, i) => i), nParams: zLength, nVars: 0 });
}

export function multiSource(tape: Tape): string {
  const roots = tape.value < 0 ? [] : [tape.value, ...tape.grads];
  const body = tape.instrs.map((ins, i) => statement(ins, i)).join('\n');
  const stores = roots.map((r, k) => `out[${jsIndex(k)}] = ${slot(r)};`).join('\n');
  return `"use strict";\nreturn function (params, out) {\n${body}\n${stores}\n};`;
}

export function multiKernel(graph: Graph, roots: readonly NodeId[], zLength: number): MultiKernel {
  const tape = multiTape(graph, roots, zLength);
  if (codegenAllowed()) {
    // generated from the tape only (see the docblock), never from user text
    const factory = new Function('erf', 'erfc', multiSource(tape)) as (e: typeof erf, ec: typeof erfc) => MultiKernel;
    return factory(erf, erfc);
  }
  const regs = new Float64Array(tape.instrs.length);
  const roots2 = tape.value < 0 ? [] : [tape.value, ...tape.grads];
  return (z, out) => {
    interpretRow(tape, z, [], 0, regs);
    for (let k = 0; k < roots2.length; k++) out[k] = regs[roots2[k]];
  };
}
