/**
 * Source text of the evaluate, residuals, residualsJacobian and cost kernels (contracts in
 * kernels.ts; normal is in normalSource.ts). Each is the body of `new Function('erf', 'erfc',
 * body)` and returns the kernel function. The cost kernel inlines the loss (jsLoss.ts) and sums
 * ρ₀ in one local; for the linear loss it sums f².
 */
import type { LossName } from '../solver/loss';
import { lossName } from './codeNames';
import { header, jacobianRow, loops, range, residual, t } from './kernelParts';
import { jsIndex } from './jsLiteral';
import { jsRobustLoss } from './jsLoss';
import { emitTapeCode } from './rowCode';
import type { Tape } from './tape';

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

export function costSource(tape: Tape, name: LossName): string {
  const loss = lossName(name);
  const code = emitTapeCode(tape, [tape.value]);
  const term = loss === 'linear' ? 'q += r * r;' : `${jsRobustLoss(loss, false)} q += rho0;`;
  return `${header(`cost_${loss}`, 'params, data, loss, start, end', code)}const vars = data.vars, y = data.y, w = data.w;
const c2 = loss.fScale * loss.fScale;
${code.hoisted}\nlet q = 0;\n${loops(code, (wt) => `${residual(tape, wt)} ${term}`)}\nreturn q;\n};`;
}
