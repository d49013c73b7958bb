/**
 * Complete WGSL modules for one model: the templates of shaders/ with the generated model code
 * (src/model/emitWgsl.ts) and the generated sums (sums.ts) spliced in. Pure text: the sources
 * are snapshot-tested in Node and compiled in Chromium.
 *
 * Data layout of a chunk (one storage binding): columnar f32, column c at c·stride: the model's
 * variables 0 … nVars−1, then y, then w = 1/σ when the fit is weighted (column indices are
 * WGSL constants, the stride a uniform).
 *
 * The cache key is the kernel's name, a hash of the full source, the loss and the workgroup size;
 * sizes live in uniforms, so one pipeline serves every row count (shaders/README.md).
 *
 * Nothing but generated model code, fixed template text, integer literals (wgslU32) and checked
 * names (the loss through lossName, constants through codeIdentifier; src/model/codeNames.ts) is
 * spliced in, whoever calls.
 */
import { codeIdentifier, lossName } from '../model/codeNames';
import { emitWgslCode, wgslSlot, type WgslReaders } from '../model/emitWgsl';
import { wgslU32 } from '../model/emitWgslLiteral';
import type { Tape } from '../model/tape';
import type { LossName } from '../solver/loss';
import { hash53 } from './hash';
import { SHADERS } from './shaderSources';
import { costSums, declareSums, lanesFor, linearizeSums, reduceSums, type SumLayout } from './sums';
import { linearizeUpdate, residual } from './rowUpdate';
import { fillTemplate } from './template';
import { paramReader, uniformStructs } from './uniforms';

export type KernelName = 'linearize' | 'cost' | 'evaluateGrid';

export interface KernelSource {
  readonly name: KernelName;
  /** WGSL entry point (the kernel's name). */
  readonly entryPoint: KernelName;
  readonly source: string;
  readonly cacheKey: string;
  readonly workgroupSize: number;
  /** Sums per workgroup partial (linearize, cost). */
  readonly sums: SumLayout | null;
  /** Every model constant is the f32 rounding of its float64 value (emitWgslLiteral.ts). */
  readonly f32Faithful: boolean;
}

export interface SourceOptions {
  /** Threads per workgroup: a power of two, 1 … 256 (WebGPU's default maxComputeInvocationsPerWorkgroup). */
  readonly workgroupSize: number;
  /** Data carry a weight column. */
  readonly weighted: boolean;
}

const indent = (code: string, spaces: number): string =>
  code === '' ? '' : code.split('\n').map((line) => ' '.repeat(spaces) + line).join('\n');

function checkWorkgroupSize(wg: number): void {
  if (!Number.isInteger(wg) || wg < 1 || wg > 256 || (wg & (wg - 1)) !== 0) {
    throw new RangeError(`workgroup size ${wg} is not a power of two in 1 … 256`);
  }
}

function constants(entries: Record<string, number>): string {
  return Object.entries(entries).map(([name, v]) => `const ${codeIdentifier(name)}: u32 = ${wgslU32(v)};`).join('\n');
}

/** Readers for kernels that loop over chunk rows `i`. */
function chunkReaders(): WgslReaders {
  return { param: paramReader, variable: (c) => `data[${wgslU32(c)} * chunk.stride + i]` };
}

function header(tape: Tape, extra: string[]): string {
  return [SHADERS.prelude, SHADERS.loss, uniformStructs(tape.nParams), ...extra].join('\n');
}

function finish(name: KernelName, body: string, loss: LossName | 'none', wg: number, sums: SumLayout | null, f32Faithful: boolean): KernelSource {
  return { name, entryPoint: name, source: body, cacheKey: `${name}:${hash53(body)}:${loss}:wg${wg}`, workgroupSize: wg, sums, f32Faithful };
}

/** The linearize kernel (shaders/linearize.wgsl) for a tape, loss and workgroup size. */
export function linearizeSource(tape: Tape, name: LossName, options: SourceOptions): KernelSource {
  const loss = lossName(name);
  const wg = options.workgroupSize;
  checkWorkgroupSize(wg);
  const sums = linearizeSums(tape.grads.length);
  const lanes = lanesFor(wg, sums.names.length);
  const code = emitWgslCode(tape, [tape.value, ...tape.grads], chunkReaders());
  const body = fillTemplate(SHADERS.linearize, {
    CONSTANTS: `${header(tape, [SHADERS.reduce])}\n${constants({ WG: wg, LANES: lanes, SUMS: sums.names.length })}`,
    HOISTED: indent(code.hoisted, 2),
    DECLARE: declareSums(sums),
    ROW: indent(code.row, 4),
    ACCUMULATE: linearizeUpdate(tape, loss, options.weighted),
    REDUCE: reduceSums(sums, lanes),
  });
  return finish('linearize', body, loss, wg, sums, code.f32Faithful);
}

/** The cost kernel (shaders/cost.wgsl): Σρ₀ for trial points. */
export function costSource(tape: Tape, name: LossName, options: SourceOptions): KernelSource {
  const loss = lossName(name);
  const wg = options.workgroupSize;
  checkWorkgroupSize(wg);
  const sums = costSums();
  const lanes = lanesFor(wg, sums.names.length);
  const code = emitWgslCode(tape, [tape.value], chunkReaders());
  const lines = residual(tape, options.weighted);
  lines.push(loss === 'linear' ? 'q += r * r;' : `q += fb_loss_${loss}(r, c2).x;`);
  lines.push('nr += select(0.0f, 1.0f, fb_nonfinite(r));');
  const body = fillTemplate(SHADERS.cost, {
    CONSTANTS: `${header(tape, [SHADERS.reduce])}\n${constants({ WG: wg, LANES: lanes, SUMS: sums.names.length })}`,
    HOISTED: indent(code.hoisted, 2),
    DECLARE: declareSums(sums),
    ROW: indent(code.row, 4),
    ACCUMULATE: indent(lines.join('\n'), 4),
    REDUCE: reduceSums(sums, lanes),
  });
  return finish('cost', body, loss, wg, sums, code.f32Faithful);
}

/** The grid kernel (shaders/evaluateGrid.wgsl): values, and derivatives when `gradients`. */
export function gridSource(tape: Tape, gradients: boolean, workgroupSize: number): KernelSource {
  checkWorkgroupSize(workgroupSize);
  const roots = gradients ? [tape.value, ...tape.grads] : [tape.value];
  const code = emitWgslCode(tape, roots, { param: paramReader, variable: (c) => `data[${wgslU32(c)} * grid.stride + i]` });
  const store = roots.map((slot, j) => `values[i * OUT_STRIDE + ${wgslU32(j)}] = ${wgslSlot(slot)};`).join('\n');
  const body = fillTemplate(SHADERS.evaluateGrid, {
    CONSTANTS: `${header(tape, [])}\n${constants({ WG: workgroupSize, OUT_STRIDE: roots.length })}`,
    HOISTED: indent(code.hoisted, 2),
    ROW: indent(code.row, 2),
    STORE: indent(store, 2),
  });
  return finish('evaluateGrid', body, 'none', workgroupSize, null, code.f32Faithful);
}
