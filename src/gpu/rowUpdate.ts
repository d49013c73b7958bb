/**
 * The per-row statements of the reduction kernels, after the model code: the weighted residual
 * r = w·(model − y), the weighted Jacobian row, scipy's robust scaling (s² = max(ρ₁ + 2ρ₂r², FLOOR),
 * JᵀJ += s²·JᵢJᵢᵀ, Jᵀf += ρ₁r·Jᵢ, Σρ₀; src/solver/loss.ts) and the non-finite counts. The linear
 * loss takes the plain sums (no s², no ρ). `|` rather than `||`: no short-circuit, so no branch.
 */
import { lossName } from '../model/codeNames';
import { wgslSlot } from '../model/emitWgsl';
import { wgslU32 } from '../model/emitWgslLiteral';
import type { Tape } from '../model/tape';
import type { LossName } from '../solver/loss';

const indent4 = (code: string): string => code.split('\n').map((line) => `    ${line}`).join('\n');

/** Column c at row i of a chunk (shaders/README.md's layout). */
const chunkColumn = (c: number): string => `data[${wgslU32(c)} * chunk.stride + i]`;

/** `let r = …;` the weighted residual at row i (and `wi`); `col` reads column c at row i. */
export function residual(tape: Tape, weighted: boolean, col: (c: number) => string = chunkColumn): string[] {
  const diff = `${wgslSlot(tape.value)} - ${col(tape.nVars)}`;
  return weighted ? [`let wi = ${col(tape.nVars + 1)};`, `let r = wi * (${diff});`] : [`let r = ${diff};`];
}

export function linearizeUpdate(tape: Tape, name: LossName, weighted: boolean, col: (c: number) => string = chunkColumn): string {
  const loss = lossName(name);
  const k = tape.grads.length;
  const js = tape.grads.map((_, l) => `j${l}`);
  const lines = residual(tape, weighted, col);
  tape.grads.forEach((g, l) => lines.push(`let j${l} = ${weighted ? `wi * ${wgslSlot(g)}` : wgslSlot(g)};`));
  const robust = loss !== 'linear';
  if (robust) {
    lines.push(`let rho = fb_loss_${loss}(r, c2);`, 'let s2 = max(rho.y + 2.0f * rho.z * r * r, FLOOR);', 'let u = rho.y * r;');
    lines.push(js.map((j, l) => `let h${l} = s2 * ${j};`).join(' '));
  }
  const h = (j: number): string => (robust ? `h${j}` : `j${j}`);
  const pairs: string[] = [];
  for (let j = 0; j < k; j++) for (let l = j; l < k; l++) pairs.push(`a${j}_${l} += ${h(j)} * j${l};`);
  lines.push(pairs.join(' '));
  lines.push(js.map((j, l) => `b${l} += ${robust ? 'u' : 'r'} * ${j};`).join(' '));
  lines.push(robust ? 'q += rho.x;' : 'q += r * r;');
  lines.push('nr += select(0.0f, 1.0f, fb_nonfinite(r));');
  const badJ = k === 0 ? 'false' : js.map((j) => `fb_nonfinite(${j})`).join(' | ');
  lines.push(`nj += select(0.0f, 1.0f, ${badJ});`);
  return indent4(lines.join('\n'));
}
