/**
 * Per-group batch fits on a batch-fit device (the WGSL kernel: src/gpu/batchSource.ts) with a
 * float64 finish on the CPU, so that every row meets the CPU batch's accuracy:
 *
 *   1. Groups are prepared exactly as fitGroups does (missing rows skipped, start values per
 *      group); the fittable ones are packed (packBatch.ts) and fitted in f32 in one dispatch per
 *      pack, one fit per thread.
 *   2. Each f32 answer is checked in float64 (f64Check.ts): if the Gauss–Newton step from it is
 *      within half the tolerance (1e-3) of every parameter's standard error — half, because the
 *      step is a first-order estimate of the distance — the row is the f32 parameters with
 *      float64 cost, χ², R² and standard errors at that point. An answer within 0.1 standard
 *      errors takes that one float64 Gauss–Newton step (inside the bounds) and is checked again.
 *      (f32 cannot always do better: an f32 model value carries ~1e-6 relative error — pow's
 *      exp2∘log2 more — which moves a poorly determined parameter by up to ~5e-3 standard errors
 *      on 12-point 4PL curves, measured.)
 *   3. Every other group — not converged on the device, failing the check, at a bound, or not
 *      fittable at all — goes through fitGroups (the CPU batch: SmallTrf, or TRF with bounds),
 *      starting from the device's answer where it is finite: the float64 finish. Groups that
 *      cannot be fitted get the CPU batch's own rows (too few rows, no finite start, …).
 *
 * Robust losses, more free parameters than the device takes, and a device that fails fall back
 * to the CPU batch with a note; nothing here throws for one group.
 */
import { now } from '../../solver/clock';
import type { Tape } from '../../model/tape';
import { DEFAULTS } from '../defaults';
import { LINEAR_LOSS } from '../../solver/loss';
import type { ModelData } from '../../model/index';
import { F64Check } from './f64Check';
import { fitGroups } from './fitGroups';
import { prepareGroup } from './groupData';
import { GroupProblem } from './groupProblem';
import { packBatches, type PackedBatch } from './packBatch';
import { rSquared } from './rowStatistics';
import { startValues, tableFor } from './startValues';
import type { BatchInput, BatchResult, GroupFitRow } from './types';

/** Agreement asked of an f32 answer, in standard errors (issue 9). */
export const AGREEMENT_TOLERANCE = 1e-3;

/** How far (in standard errors) an f32 answer may be for one float64 Gauss–Newton step to finish it. */
const NEWTON_REACH = 0.1;

/** The device's statuses (src/gpu/batchSource.ts BATCH_STATUS), repeated here as plain numbers. */
const CONVERGED = 1;
const STALLED = 2;
const MAX_ITERATIONS = 0;

export interface BatchDevice {
  /** The adapter, for messages and benchmarks. */
  readonly name: string;
  /** Most free parameters the kernel takes. */
  readonly maxFree: number;
  /** Most bytes of data per pack (a storage binding). */
  readonly maxBytes: number;
  /** Fits a pack; per group OUT = nParams + 3 f32: parameters, χ², status, iterations. */
  run(tape: Tape, weighted: boolean, pack: PackedBatch): Promise<Float32Array>;
}

export interface AcceleratedStats {
  readonly device: string;
  /** Groups sent to the device. */
  readonly deviceFits: number;
  /** Of those, kept as they came back (the float64 check passed). */
  readonly agreed: number;
  /** Of those, finished by one float64 Gauss–Newton step from the f32 answer (within 0.1 se). */
  readonly polished: number;
  /** Groups fitted or finished on the CPU (failed checks, non-converged, not fittable). */
  readonly cpuFits: number;
  /** Largest max_j |δ_j|/se_j among the agreed ones. */
  readonly worstAgreedRatio: number;
  readonly deviceMs: number;
  readonly checkMs: number;
  readonly cpuMs: number;
  /** Device iterations summed over its fits. */
  readonly iterations: number;
}

export interface AcceleratedBatchResult extends BatchResult {
  /** null when the whole batch ran on the CPU (see note). */
  readonly accelerated: AcceleratedStats | null;
  /** Why the device was not used, or null. */
  readonly note: string | null;
}

export interface AcceleratedOptions {
  readonly tolerance?: number;
  /** Iteration cap of each device fit. */
  readonly maxIter?: number;
}

interface Candidate {
  readonly index: number;
  readonly data: ModelData;
  readonly rows: number;
  readonly skipped: number;
  readonly start: Float64Array;
}

async function cpuOnly(input: BatchInput, note: string): Promise<AcceleratedBatchResult> {
  return { ...(await fitGroups(input)), accelerated: null, note };
}

export async function fitGroupsAccelerated(input: BatchInput, device: BatchDevice, options: AcceleratedOptions = {}): Promise<AcceleratedBatchResult> {
  const started = now();
  const tolerance = options.tolerance ?? AGREEMENT_TOLERANCE;
  const opts = { ...DEFAULTS, ...input.options };
  const { model, groups } = input;
  const params = tableFor(model.params, input.parameters, Boolean(input.guess));
  const k = params.free.length;
  if (k === 0) return cpuOnly(input, 'no free parameters');
  if (opts.loss !== 'linear') return cpuOnly(input, `the GPU batch fits the linear loss only; the ${opts.loss} loss ran on the CPU`);
  if (k > device.maxFree) return cpuOnly(input, `the GPU batch fits up to ${device.maxFree} free parameters, this model has ${k}; the batch ran on the CPU`);

  // 1. Prepare as fitGroups does; what cannot be fitted is left to it.
  const candidates: Candidate[] = [];
  groups.forEach((group, index) => {
    try {
      const prepared = prepareGroup(model, group.data);
      if (prepared.rows < k) return;
      const start = startValues(params, input.parameters, input.guess, prepared.data);
      if (!params.free.every((i) => Number.isFinite(start[i]))) return;
      candidates.push({ index, data: prepared.data, rows: prepared.rows, skipped: prepared.skipped, start });
    } catch {
      // fitGroups reports it in the group's row.
    }
  });
  const weighted = candidates.some((c) => c.data.w !== null);
  const tape = model.tape(params.free);
  const packs = packBatches({
    data: candidates.map((c) => c.data),
    starts: candidates.map((c) => c.start),
    nParams: model.params.length,
    nVars: model.variables.length,
    lb: params.lb,
    ub: params.ub,
    weighted,
    maxIter: options.maxIter ?? 50,
    maxBytes: device.maxBytes,
  });
  const out = model.params.length + 3;
  const results: Float32Array[] = [];
  const t0 = now();
  try {
    for (const pack of packs) {
      if (input.signal?.aborted) break;
      results.push(await device.run(tape, weighted, pack));
    }
  } catch (e) {
    return cpuOnly(input, `the GPU batch failed (${e instanceof Error ? e.message : String(e)}); the batch ran on the CPU`);
  }
  const deviceMs = now() - t0;

  // 2. The float64 check of every converged f32 answer.
  const t1 = now();
  const rows: (GroupFitRow | null)[] = groups.map(() => null);
  const finishFrom: (Float64Array | null)[] = groups.map(() => null);
  const capacity = candidates.reduce((c, g) => Math.max(c, g.rows), 1);
  const check = new F64Check(k, capacity);
  const problem = new GroupProblem(model.kernels(params.free), Float64Array.from(params.base), params.free, LINEAR_LOSS);
  const x = new Float64Array(k);
  let agreed = 0;
  let polished = 0;
  const xNewton = new Float64Array(k);
  // The Gauss–Newton step estimates the distance to the float64 fit to first order; half the
  // tolerance leaves room for the rest (Dennis & Schnabel §10.2), so a kept answer is within it.
  const margin = tolerance / 2;
  let agreedNfev = 0;
  let iterations = 0;
  let worst = 0;
  packs.forEach((pack, p) => {
    const r = results[p];
    if (!r) return;
    pack.members.forEach((member, g) => {
      const c = candidates[member];
      const o = g * out;
      const status = r[o + model.params.length + 1];
      const iters = r[o + model.params.length + 2];
      iterations += iters;
      for (let j = 0; j < k; j++) x[j] = r[o + params.free[j]];
      const finite = x.every(Number.isFinite);
      const done = status === CONVERGED || status === STALLED || status === MAX_ITERATIONS;
      if (!finite) return;
      problem.use(c.data);
      const verdict = check.check(problem, x, margin, opts.absoluteSigma);
      if (done && verdict.agrees) {
        agreed++;
        agreedNfev += iters + 1;
        worst = Math.max(worst, verdict.ratio);
        rows[c.index] = deviceRow(groups[c.index].key, c, problem, x, check.stderr, verdict.cost, iters, params.free, model.params.length, `the float64 check puts it within ${verdict.ratio.toExponential(1)} standard errors of the float64 fit`);
        return;
      }
      if (done && verdict.ratio <= NEWTON_REACH) {
        // Close, but not within the tolerance: one float64 Gauss–Newton step, if it stays in the box.
        let inside = true;
        for (let j = 0; j < k; j++) {
          xNewton[j] = x[j] + check.step[j];
          if (!(xNewton[j] >= params.lb[j] && xNewton[j] <= params.ub[j])) inside = false;
        }
        const second = inside ? check.check(problem, xNewton, margin, opts.absoluteSigma) : null;
        if (second?.agrees) {
          polished++;
          agreedNfev += iters + 2;
          rows[c.index] = deviceRow(groups[c.index].key, c, problem, xNewton, check.stderr, second.cost, iters, params.free, model.params.length, `${verdict.ratio.toExponential(1)} standard errors from the float64 fit; one float64 Gauss–Newton step finished it`);
          return;
        }
      }
      // An f32 answer that moved off the start, with finite float64 residuals, is a better start
      // for the finish than the start values (f32 and float64 disagree on the domain near its edges).
      if (iters > 0 && Number.isFinite(verdict.cost)) finishFrom[c.index] = Float64Array.from(x);
    });
  });
  const checkMs = now() - t1;

  // 3. The float64 finish (and the CPU's own rows for what was never fittable).
  const t2 = now();
  const rest = groups.map((_, i) => i).filter((i) => rows[i] === null);
  const cpu = await fitGroups({
    ...input,
    groups: rest.map((i) => groups[i]),
    finishFrom: rest.map((i) => finishFrom[i]),
    onProgress: input.onProgress ? (q) => input.onProgress?.({ ...q, done: agreed + polished + q.done, total: groups.length }) : undefined,
  });
  cpu.rows.forEach((row, j) => {
    const i = rest[j];
    rows[i] = finishFrom[i] ? { ...row, message: `${row.message} (float64 finish from the GPU's f32 answer)` } : row;
  });
  const cpuMs = now() - t2;
  const finished = rows.filter((r): r is GroupFitRow => r !== null);
  return {
    names: params.names,
    free: params.free.map((i) => params.names[i]),
    // In input order; a cancel leaves out the groups the CPU pass did not reach.
    rows: finished,
    cancelled: cpu.cancelled,
    failed: finished.filter((r) => !r.success).length,
    nfev: cpu.nfev + agreedNfev,
    fitMs: now() - started,
    accelerated: { device: device.name, deviceFits: candidates.length, agreed, polished, cpuFits: rest.length, worstAgreedRatio: worst, deviceMs, checkMs, cpuMs, iterations },
    note: null,
  };
}

/** The row of a group whose f32 answer passed the float64 check. */
function deviceRow(key: string, c: Candidate, problem: GroupProblem, x: Float64Array, stderrFree: Float64Array, cost: number, iterations: number, free: readonly number[], nParams: number, how: string): GroupFitRow {
  const params = Float64Array.from(problem.full(x));
  const stderr = new Float64Array(nParams).fill(NaN);
  free.forEach((p, j) => (stderr[p] = stderrFree[j]));
  const chi2 = 2 * cost;
  const dof = c.rows - free.length;
  const note = c.skipped > 0 ? ` (${c.skipped} row${c.skipped === 1 ? '' : 's'} with missing values skipped)` : '';
  return {
    key,
    rows: c.rows,
    skippedRows: c.skipped,
    success: true,
    // xtol's code: what is left to the float64 optimum is a step below the tolerance.
    status: 3,
    code: null,
    message: `Converged on the GPU (f32 Levenberg–Marquardt, ${iterations} iterations); ${how}${note}.`,
    params,
    stderr,
    start: c.start,
    cost,
    chi2,
    redchi2: dof > 0 ? chi2 / dof : NaN,
    r2: rSquared(c.data.y, c.data.w, chi2),
    nfev: iterations + 1,
  };
}
