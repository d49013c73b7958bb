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
import type { ModelData } from '../../model/index';
import { checkAnswers, type Answer } from './checkAnswers';
import { fitGroups } from './fitGroups';
import { prepareGroup } from './groupData';
import { packBatches, type PackedBatch } from './packBatch';
import { startValues, tableFor } from './startValues';
import type { BatchRow } from '../groupRow';
import type { BatchInput, BatchResult } from './types';

/** Agreement asked of an f32 answer, in standard errors (issue 9). */
export const AGREEMENT_TOLERANCE = 1e-3;


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
  const rows: (BatchRow | null)[] = groups.map(() => null);
  const finishFrom: (Float64Array | null)[] = groups.map(() => null);
  const answers: Answer[] = [];
  const answered: Candidate[] = [];
  let iterations = 0;
  packs.forEach((pack, p) => {
    const r = results[p];
    if (!r) return;
    pack.members.forEach((member, g) => {
      const c = candidates[member];
      const o = g * out;
      const x = Float64Array.from(params.free, (i) => r[o + i]);
      const answer = { key: groups[c.index].key, data: c.data, rows: c.rows, skipped: c.skipped, start: c.start, x, status: r[o + model.params.length + 1], iterations: r[o + model.params.length + 2] };
      iterations += answer.iterations;
      answers.push(answer);
      answered.push(c);
    });
  });
  // The Gauss–Newton step estimates the distance to the float64 fit to first order; half the
  // tolerance leaves room for the rest (Dennis & Schnabel §10.2), so a kept answer is within it.
  const settings = { margin: tolerance / 2, absoluteSigma: Boolean(opts.absoluteSigma) };
  const verdicts = checkAnswers(model, params, answers, settings);
  let agreed = 0;
  let polished = 0;
  let agreedNfev = 0;
  let worst = 0;
  verdicts.forEach((verdict, a) => {
    const { index } = answered[a];
    if (verdict.kind === 'finish') {
      finishFrom[index] = verdict.from;
      return;
    }
    rows[index] = verdict.row;
    agreedNfev += verdict.nfev;
    if (verdict.kind === 'agreed') {
      agreed++;
      worst = Math.max(worst, verdict.ratio);
    } else polished++;
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
  const finished = rows.filter((r): r is BatchRow => r !== null);
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
