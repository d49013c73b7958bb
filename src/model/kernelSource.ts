/**
 * Source text of the five CPU kernels (see kernels.ts for their contracts), assembled from the
 * tape code of emitJs.ts. Each is the body of `new Function('erf', 'erfc', body)` and returns the
 * kernel function.
 *
 * Every row loop is emitted twice, without and with weights, so that the common unweighted case
 * pays neither a multiply nor a branch per row. Accumulators are locals (one per entry of the
 * packed JᵀJ upper triangle, of Jᵀf and of Σρ), added into the caller's array once after the loop.
 *
 * Robust losses follow scipy's scale_for_robust_loss_function (least_squares.py): with
 * s² = max(ρ₁ + 2ρ₂f², EPS), JᵀJ += s²·JᵢJᵢᵀ, Jᵀf += ρ₁fᵢ·Jᵢ, Σ += ρ₀. NaN and ∞ propagate into
 * the sums (Math.max keeps NaN), never skipped.
 *
 * Names in generated code cannot collide: tape slots are t<n> (powi temporaries t<n>_r<k>,
 * t<n>_b<k>), columns v<n>, sweep scratch sw<n>; the kernels' own locals are a<j>_<l>, b<j>, j<j>,
 * h<j>, q, r, wi, o, ro, c2, rho0–rho2 and l_<name>, none of which has those shapes.
 */
import { EPS, type LossName } from '../solver/loss';
import { BLOCK, emitTapeCode, type TapeCode } from './emitJs';
import { jsIndex, jsNumber } from './jsLiteral';
import { jsRobustLoss } from './jsLoss';
import type { Tape } from './tape';

const t = (i: number): string => `t${jsIndex(i)}`;
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** The unweighted and weighted loops around the row code + `body(weighted)`, swept in blocks
 *  when the code has a sweep (emitJs.ts TapeCode). */
function loops(code: TapeCode, body: (weighted: boolean) => string): string {
  const inner = (weighted: boolean): string => `${code.row}\n${weighted ? 'const wi = w[i];\n' : ''}${body(weighted)}`;
  const loop = (weighted: boolean): string =>
    code.sweep === ''
      ? `for (let i = start; i < end; i++) {\n${inner(weighted)}\n}`
      : `for (let i0 = start; i0 < end; i0 += ${BLOCK}) {
const i1 = end - i0 > ${BLOCK} ? i0 + ${BLOCK} : end;
for (let i = i0, o = 0; i < i1; i++, o++) {\n${code.sweep}\n}
for (let i = i0, o = 0; i < i1; i++, o++) {\n${inner(weighted)}\n}
}`;
  return `if (w === null) {\n${loop(false)}\n} else {\n${loop(true)}\n}`;
}

/** `const r = w_i (model_i − y_i);` */
function residual(tape: Tape, weighted: boolean): string {
  const diff = `${t(tape.value)} - y[i]`;
  return weighted ? `const r = wi * (${diff});` : `const r = ${diff};`;
}

/** `const j<l> = w_i ∂model_i/∂p_wrt[l];` for every gradient. */
function jacobianRow(tape: Tape, weighted: boolean): string {
  return tape.grads.map((g, l) => `const j${l} = ${weighted ? `wi * ${t(g)}` : t(g)};`).join(' ');
}

function header(name: string, args: string, code?: TapeCode): string {
  return `"use strict";\n${code?.scratch ?? ''}\nreturn function ${name}(${args}) {\n`;
}

export function evaluateSource(tape: Tape): string {
  const code = emitTapeCode(tape, [tape.value]);
  return `${header('evaluate', 'params, vars, out, start, end')}${code.hoisted}
for (let i = start; i < end; i++) {\n${code.row}\nout[i] = ${t(tape.value)};\n}\n};`;
}

export function residualsSource(tape: Tape): string {
  const code = emitTapeCode(tape, [tape.value]);
  return `${header('residuals', 'params, data, f, start, end')}const vars = data.vars, y = data.y, w = data.w;
${code.hoisted}\n${loops(code, (wt) => `${residual(tape, wt)} f[i] = r;`)}\n};`;
}

export function jacobianSource(tape: Tape): string {
  const code = emitTapeCode(tape, [tape.value, ...tape.grads]);
  const k = tape.grads.length;
  const store = range(k).map((l) => `J[ro + ${l}] = j${l};`).join(' ');
  return `${header('residualsJacobian', 'params, data, f, J, start, end')}const vars = data.vars, y = data.y, w = data.w;
${code.hoisted}\n${loops(code, (wt) => `${residual(tape, wt)} f[i] = r;\n${jacobianRow(tape, wt)}\nconst ro = i * ${jsIndex(k)}; ${store}`)}\n};`;
}

export function costSource(tape: Tape, loss: LossName): string {
  const code = emitTapeCode(tape, [tape.value]);
  const term = loss === 'linear' ? 'q += r * r;' : `${jsRobustLoss(loss, false)} q += rho0;`;
  return `${header(`cost_${loss}`, 'params, data, loss, start, end', code)}const vars = data.vars, y = data.y, w = data.w;
const c2 = loss.fScale * loss.fScale;
${code.hoisted}\nlet q = 0;\n${loops(code, (wt) => `${residual(tape, wt)} ${term}`)}\nreturn q;\n};`;
}

export function normalSource(tape: Tape, loss: LossName): string {
  const code = emitTapeCode(tape, [tape.value, ...tape.grads], true);
  const k = tape.grads.length;
  const pairs: [number, number][] = [];
  for (let j = 0; j < k; j++) for (let l = j; l < k; l++) pairs.push([j, l]);
  const robust = loss !== 'linear';
  // h<j> = s²·j<j> for robust losses, so that each pair costs one multiply-add either way
  const h = (j: number): string => (robust ? `h${j}` : `j${j}`);
  const update = [
    robust
      ? `${jsRobustLoss(loss, true)}\nconst l_s2 = Math.max(rho1 + 2 * rho2 * r * r, ${jsNumber(EPS)});\nconst l_u = rho1 * r;\n` +
        range(k).map((j) => `const h${j} = l_s2 * j${j};`).join(' ')
      : '',
    pairs.map(([j, l]) => `a${j}_${l} += ${h(j)} * j${l};`).join(' '),
    range(k).map((j) => `b${j} += ${robust ? 'l_u' : 'r'} * j${j};`).join(' '),
    robust ? 'q += rho0;' : 'q += r * r;',
  ].join('\n');
  const locals = [...pairs.map(([j, l]) => `a${j}_${l} = 0`), ...range(k).map((j) => `b${j} = 0`), 'q = 0'];
  const flush = [...pairs.map(([j, l]) => `a${j}_${l}`), ...range(k).map((j) => `b${j}`), 'q']
    .map((name, idx) => `acc[${idx}] += ${name};`).join(' ');
  return `${header(`normal_${loss}`, 'params, data, loss, acc, start, end', code)}const vars = data.vars, y = data.y, w = data.w;
const c2 = loss.fScale * loss.fScale;
${code.hoisted}\nlet ${locals.join(', ')};
${loops(code, (wt) => `${residual(tape, wt)}\n${jacobianRow(tape, wt)}\n${update}`)}
${flush}\n};`;
}
