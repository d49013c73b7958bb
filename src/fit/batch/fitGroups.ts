/**
 * Per-group batch fits: the same compiled model and parameter table fitted to each group on its
 * own. Everything that can be done once is done once per batch (parameter table, kernels,
 * solver options, the SmallTrf workspace sized for the largest group); a group only points the
 * shared problem at its rows. Unbounded fits take the small-problem TRF path (solver/smallTrf.ts);
 * fits with bounds take the general TRF (solver/trf.ts) with the same kernels. A group that
 * cannot be fitted says why in its row and the batch goes on: nothing one group does throws.
 */
import { hasBounds } from '../../solver/bounds';
import { now } from '../../solver/clock';
import { makeLoss, type Loss } from '../../solver/loss';
import { SmallTrf, type SmallTrfOptions } from '../../solver/smallTrf';
import { trf } from '../../solver/trf';
import { cpuEvaluator } from '../cpuEvaluator';
import { DEFAULTS, defaultMaxNfev, fScaleProblem } from '../defaults';
import type { ModelData } from '../../model/index';
import type { GroupInput } from '../groupInput';
import { FitInputError } from '../parameters';
import { prepareGroup } from './groupData';
import { diagnoseNonFinite } from '../nonFinite';
import { GroupProblem } from './groupProblem';
import { curveFitCovariance, standardErrors } from '../../stats/covariance';
import { rSquared, standardErrorsFromR } from './rowStatistics';
import { startValues, tableFor } from './startValues';
import type { BatchRow } from '../groupRow';
import type { BatchInput, BatchResult } from './types';

/** Σ(wᵢrᵢ)² at x, for robust losses (whose cost is ½Σρ, not ½χ²). */
function chiSquared(problem: GroupProblem, x: Float64Array, f: Float64Array): number {
  problem.evaluate(x, f, null);
  let s = 0;
  for (let i = 0; i < problem.m; i++) s += f[i] * f[i];
  return s;
}

function failedRow(key: string, rows: number, skipped: number, names: readonly string[], start: Float64Array, code: string, message: string): BatchRow {
  const nan = () => new Float64Array(names.length).fill(NaN);
  return { key, rows, skippedRows: skipped, success: false, status: -1, code, message, params: nan(), stderr: nan(), start, cost: NaN, chi2: NaN, redchi2: NaN, r2: NaN, nfev: 0 };
}

export async function fitGroups(input: BatchInput): Promise<BatchResult> {
  const started = now();
  const { model, groups } = input;
  const opts = { ...DEFAULTS, ...input.options };
  const params = tableFor(model.params, input.parameters, Boolean(input.guess));
  const k = params.free.length;
  if (k === 0) throw new FitInputError('no-free-parameters', 'Every parameter is fixed: free at least one to fit.');
  const fScale = fScaleProblem(opts.fScale);
  if (fScale) throw fScale;
  const loss: Loss = makeLoss(opts.loss, opts.fScale);
  const xs = opts.xScale;
  const trfOptions: SmallTrfOptions = {
    ftol: opts.ftol,
    xtol: opts.xtol,
    gtol: opts.gtol,
    maxNfev: opts.maxNfev ?? defaultMaxNfev(k),
    xScale: xs === 'jac' ? 'jac' : typeof xs === 'number' ? new Float64Array(k).fill(xs) : Float64Array.from(xs),
  };
  const bounded = hasBounds(params.lb, params.ub);
  const kernels = model.kernels(params.free);
  const capacity = groups.reduce((c, g) => Math.max(c, g.data.y.length), 1);
  const ws = new SmallTrf(k, capacity);
  const problem = new GroupProblem(kernels, Float64Array.from(params.base), params.free, loss);
  const scratch = new Float64Array(capacity);
  const stderrFree = new Float64Array(k);
  const x0 = new Float64Array(k);

  const rows: BatchRow[] = [];
  let failed = 0;
  let nfev = 0;
  let cancelled = false;
  const progressMs = input.progressMs ?? 50;
  let lastProgress = started;
  let lastPause = started;

  type Outcome = { x: Float64Array; cost: number; status: BatchRow['status']; message: string; nfev: number };
  /** The row of a fitted group (stderrFree already holds its free parameters' standard errors). */
  const finish = (group: GroupInput, data: ModelData, rowsUsed: number, skipped: number, start: Float64Array, o: Outcome): BatchRow => {
    const full = Float64Array.from(problem.full(o.x));
    const stderr = new Float64Array(params.names.length).fill(NaN);
    for (let j = 0; j < k; j++) stderr[params.free[j]] = stderrFree[j];
    // χ² = Σ(wᵢrᵢ)²: twice the cost for the linear loss, one more residual pass otherwise.
    const chi2 = loss.name === 'linear' ? 2 * o.cost : chiSquared(problem, o.x, scratch);
    const dof = rowsUsed - k;
    return {
      key: group.key,
      rows: rowsUsed,
      skippedRows: skipped,
      success: o.status > 0,
      status: o.status,
      code: null,
      message: o.message,
      params: full,
      stderr,
      start,
      cost: o.cost,
      chi2,
      redchi2: dof > 0 ? chi2 / dof : NaN,
      r2: rSquared(data.y, data.w, chi2),
      nfev: o.nfev,
    };
  };
  const failure = (group: GroupInput, rowsUsed: number, skipped: number, start: Float64Array, error: unknown): BatchRow => {
    const code = (error as { code?: unknown }).code;
    return failedRow(group.key, rowsUsed, skipped, params.names, start, typeof code === 'string' ? code : 'error', (error as Error).message ?? String(error));
  };

  /**
   * One group. Synchronous on the small-problem path (no promise per group); a promise only
   * where bounds send the group through the general TRF.
   */
  const fitOne = (group: GroupInput, index: number): BatchRow | Promise<BatchRow> => {
    let start: Float64Array = params.base;
    let rowsUsed = group.data.y.length;
    let skipped = 0;
    try {
      const prepared = prepareGroup(model, group.data);
      rowsUsed = prepared.rows;
      skipped = prepared.skipped;
      const note = skipped > 0 ? ` (${skipped} row${skipped === 1 ? '' : 's'} with missing values skipped)` : '';
      if (rowsUsed < k) {
        return failedRow(group.key, rowsUsed, skipped, params.names, Float64Array.from(start), 'too-few-rows',
          `${rowsUsed} usable row${rowsUsed === 1 ? '' : 's'} for ${k} free parameters${note}: a fit needs at least as many rows as free parameters.`);
      }
      start = startValues(params, input.parameters, input.guess, prepared.data);
      for (let j = 0; j < k; j++) {
        x0[j] = start[params.free[j]];
        if (!Number.isFinite(x0[j])) return failedRow(group.key, rowsUsed, skipped, params.names, start, 'nonfinite-start', 'No finite start value: give start values in the parameter table.');
      }
      // The float64 finish of a GPU batch starts from the f32 answer; the row keeps the start values.
      const from = input.finishFrom?.[index];
      if (from) for (let j = 0; j < k; j++) if (Number.isFinite(from[j])) x0[j] = from[j];
      problem.use(prepared.data);
      if (!bounded) {
        if (!ws.solve(problem, x0, trfOptions)) {
          if (ws.failure === 'nonfinite-jacobian') {
            const name = params.names[params.free[ws.failedParameter]] ?? `parameter ${ws.failedParameter}`;
            return failedRow(group.key, rowsUsed, skipped, params.names, start, 'nonfinite-jacobian', `The Jacobian is not finite at the start values although the residuals are (${name})${note}: the model is not differentiable there or a residual overflows; choose another start for ${name}.`);
          }
          // The row (its line in the file) and the cause, as a single fit says them (nonFinite.ts).
          const full = Float64Array.from(start);
          params.free.forEach((idx, j) => (full[idx] = x0[j]));
          const bound = { kernels, data: prepared.data, rows: rowsUsed, base: full, free: params.free, loss };
          const why = diagnoseNonFinite({ model, bound, sigma: null, params: full, lines: prepared.lines });
          return failedRow(group.key, rowsUsed, skipped, params.names, start, why?.code ?? 'nonfinite-x0', why ? `${why.message}${note}` : `Residuals are not finite at the start values${note}; choose other starting values.`);
        }
        standardErrorsFromR(ws.qr.R, ws.svd, k, rowsUsed, ws.cost, opts.absoluteSigma, stderrFree);
        return finish(group, prepared.data, rowsUsed, skipped, start, { x: ws.x, cost: ws.cost, status: ws.status, message: ws.message(trfOptions) + note, nfev: ws.nfev });
      }
      const evaluator = cpuEvaluator({ kernels, data: prepared.data, rows: rowsUsed, base: Float64Array.from(start), free: params.free, loss }, 'dense');
      const began = start;
      return trf(evaluator, Float64Array.from(x0), { lb: params.lb, ub: params.ub, ftol: trfOptions.ftol, xtol: trfOptions.xtol, gtol: trfOptions.gtol, maxNfev: trfOptions.maxNfev, xScale: opts.xScale }).then(
        (r) => {
          // The general path's covariance, as curveFit reports it (equilibrated, undetermined → ∞).
          const cov = curveFitCovariance({ linear: r.linear, m: rowsUsed, cost: r.cost, absoluteSigma: opts.absoluteSigma });
          stderrFree.set(standardErrors(cov.pcov, k));
          problem.use(prepared.data);
          return finish(group, prepared.data, rowsUsed, skipped, began, { x: r.x, cost: r.cost, status: r.status, message: r.message + note, nfev: r.nfev });
        },
        (error: unknown) => failure(group, rowsUsed, skipped, began, error),
      );
    } catch (error) {
      return failure(group, rowsUsed, skipped, Float64Array.from(start), error);
    }
  };

  for (const [index, group] of groups.entries()) {
    if (input.signal?.aborted) {
      cancelled = true;
      break;
    }
    const pending = fitOne(group, index);
    const row = pending instanceof Promise ? await pending : pending;
    rows.push(row);
    nfev += row.nfev;
    if (!row.success) failed++;
    const t = now();
    if (input.onProgress && t - lastProgress >= progressMs) {
      lastProgress = t;
      input.onProgress({ done: rows.length, total: groups.length, failed });
    }
    if (input.pause && t - lastPause >= 30) {
      await input.pause();
      lastPause = now();
    }
  }
  input.onProgress?.({ done: rows.length, total: groups.length, failed });
  return { names: params.names, free: params.free.map((i) => params.names[i]), rows, cancelled, failed, nfev, fitMs: now() - started };
}
