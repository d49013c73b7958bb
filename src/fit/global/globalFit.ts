/**
 * Global fits: each free parameter is shared (one value for all groups) or local (one per group),
 * and one TRF runs over all groups' stacked residuals (solver/arrowTrf.ts), whose normal matrix is
 * an arrow solved through the Schur complement. Covariance as curve_fit computes it,
 * (JᵀJ)⁻¹·2·cost/(N − n), but only its diagonal blocks (solver/arrow.ts inverseBlocks), so every
 * parameter — the shared ones and each group's locals — gets a standard error and a t interval.
 * Groups that cannot take part (no usable rows, fewer rows than locals, non-finite residuals at
 * the start) are reported in their rows and the others are fitted.
 */
import type { ModelData } from '../../model/index';
import { ArrowFactor } from '../../solver/arrow';
import { arrowTrf } from '../../solver/arrowTrf';
import { now } from '../../solver/clock';
import { makeLoss, type Loss } from '../../solver/loss';
import { studentTQuantile } from '../../stats/studentT';
import { diagnoseNonFinite } from '../nonFinite';
import { prepareGroup } from '../batch/groupData';
import { startValues, tableFor } from '../batch/startValues';
import { DEFAULTS, defaultMaxNfev } from '../defaults';
import { FitInputError } from '../parameters';
import { globalExchangeWarnings } from './exchangeable';
import { GlobalEvaluator } from './globalEvaluator';
import type { GlobalRow } from '../groupRow';
import type { GlobalInput, GlobalResult } from './types';

const EPS = 2.220446049250313e-16;

function median(values: number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const h = v.length >> 1;
  return v.length % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

interface Participant {
  readonly index: number;
  readonly data: ModelData;
  readonly rows: number;
  readonly skipped: number;
  readonly start: Float64Array;
  /** The rows' lines in the file, for messages (null: unknown). */
  readonly lines: ArrayLike<number> | null;
}

export async function globalFit(input: GlobalInput): Promise<GlobalResult> {
  const started = now();
  const { model, groups } = input;
  const opts = { ...DEFAULTS, ...input.options };
  const params = tableFor(model.params, input.parameters, Boolean(input.guess));
  const names = params.names;
  for (const name of input.shared) {
    const i = names.indexOf(name);
    if (i < 0) throw new FitInputError('unknown-parameter', `Unknown shared parameter "${name}": the model's parameters are ${names.join(', ')}.`);
    if (params.fixed[i]) throw new FitInputError('shared-fixed', `"${name}" is fixed, so it is already the same in every group: do not list it as shared.`);
  }
  const sharedSet = new Set(input.shared);
  const sharedIdx = params.free.filter((i) => sharedSet.has(names[i]));
  const localIdx = params.free.filter((i) => !sharedSet.has(names[i]));
  const s = sharedIdx.length;
  const l = localIdx.length;
  if (s + l === 0) throw new FitInputError('no-free-parameters', 'Every parameter is fixed: free at least one to fit.');
  const loss: Loss = makeLoss(opts.loss, opts.fScale);
  const kernels = model.kernels([...sharedIdx, ...localIdx]);
  const bound = (j: number, lo: boolean) => (lo ? params.lb : params.ub)[params.free.indexOf(j)];

  // Who takes part, and why not.
  const excluded = new Map<number, { code: string; message: string; rows: number; skipped: number }>();
  const participants: Participant[] = [];
  groups.forEach((group, index) => {
    try {
      const prepared = prepareGroup(model, group.data);
      const need = Math.max(l, 1);
      if (prepared.rows < need) {
        excluded.set(index, {
          code: 'too-few-rows',
          message: `${prepared.rows} usable row${prepared.rows === 1 ? '' : 's'} for ${l} local parameter${l === 1 ? '' : 's'}: the group was left out of the global fit.`,
          rows: prepared.rows,
          skipped: prepared.skipped,
        });
        return;
      }
      const start = startValues(params, input.parameters, input.guess, prepared.data);
      participants.push({ index, data: prepared.data, rows: prepared.rows, skipped: prepared.skipped, start, lines: prepared.lines });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      excluded.set(index, { code: typeof code === 'string' ? code : 'error', message: (error as Error).message, rows: group.data.y.length, skipped: 0 });
    }
  });

  // Start: shared values are the median of the groups' starts (all equal without a guess).
  const sharedStart = sharedIdx.map((i) => median(participants.map((p) => p.start[i])));
  const evaluatorFor = (ps: Participant[]) => new GlobalEvaluator(kernels, { shared: sharedIdx, local: localIdx, base: Float64Array.from(params.base) }, ps.map((p) => p.data), loss);
  const x0For = (ps: Participant[]) => {
    const x0 = new Float64Array(s + ps.length * l);
    sharedStart.forEach((v, i) => (x0[i] = v));
    ps.forEach((p, g) => localIdx.forEach((idx, j) => (x0[s + g * l + j] = p.start[idx])));
    return x0;
  };
  // A group whose residuals are not finite at the start would make the joint cost non-finite.
  const probe = evaluatorFor(participants);
  const probeX = x0For(participants);
  const fitted = participants.filter((p, g) => {
    if (Number.isFinite(probe.groupCost(probeX, g))) return true;
    // The row (its line in the file) and the cause, as a single fit says them (nonFinite.ts).
    const full = Float64Array.from(p.start);
    sharedIdx.forEach((idx, i) => (full[idx] = sharedStart[i]));
    const bound = { kernels: model.kernels(params.free), data: p.data, rows: p.rows, base: full, free: params.free, loss };
    const why = diagnoseNonFinite({ model, bound, sigma: null, params: full, lines: p.lines });
    const message = why ? `${why.message} The group was left out of the global fit.` : 'Residuals are not finite at the start values: the group was left out of the global fit; choose other starting values.';
    excluded.set(p.index, { code: why?.code ?? 'nonfinite-x0', message, rows: p.rows, skipped: p.skipped });
    return false;
  });
  if (fitted.length === 0) throw new FitInputError('no-groups', 'No group can take part in the global fit (see each group\'s message).');
  const G = fitted.length;
  const n = s + G * l;
  const evaluator = evaluatorFor(fitted);
  const N = evaluator.m;
  if (N < n) throw new FitInputError('too-few-rows', `${N} usable rows for ${n} free parameters of the global fit: fix some parameters or share more of them.`);
  const x0 = x0For(fitted);
  const lb = new Float64Array(n);
  const ub = new Float64Array(n);
  sharedIdx.forEach((idx, i) => ((lb[i] = bound(idx, true)), (ub[i] = bound(idx, false))));
  for (let g = 0; g < G; g++) localIdx.forEach((idx, j) => ((lb[s + g * l + j] = bound(idx, true)), (ub[s + g * l + j] = bound(idx, false))));
  for (let i = 0; i < n; i++) x0[i] = Math.min(Math.max(x0[i], lb[i]), ub[i]);
  const xs = opts.xScale;
  const xScale = xs === 'jac' ? 'jac' : typeof xs === 'number' ? xs : Float64Array.from({ length: n }, (_, i) => xs[i < s ? params.free.indexOf(sharedIdx[i]) : params.free.indexOf(localIdx[(i - s) % l])]);
  const progress = input.onIteration;
  const result = arrowTrf(evaluator, x0, {
    lb,
    ub,
    ftol: opts.ftol,
    xtol: opts.xtol,
    gtol: opts.gtol,
    maxNfev: opts.maxNfev ?? defaultMaxNfev(n),
    xScale,
    signal: input.signal,
    onIteration: progress && ((summary) => progress(summary.iteration, summary.cost, summary.nfev)),
  });

  // Covariance blocks of (JᵀJ)⁻¹, scaled as curve_fit scales pcov.
  const warnings: string[] = [];
  const F = new ArrowFactor(result.normal);
  const sharedInv = new Float64Array(s * s);
  const localInv = new Float64Array(G * l * l);
  let factor = NaN;
  if (F.factor(null, null, 0, (EPS * N) ** 2)) {
    F.inverseBlocks(sharedInv, localInv);
    factor = opts.absoluteSigma ? 1 : N > n ? (2 * result.cost) / (N - n) : NaN;
    if (!Number.isFinite(factor)) warnings.push(`Covariance cannot be estimated: ${N} points for ${n} free parameters leave no degrees of freedom.`);
  } else {
    warnings.push('Covariance of the parameters could not be estimated: the data do not determine every parameter (JᵀJ is singular). Fix or share the undetermined ones.');
  }
  const level = opts.confidenceLevel;
  const tValue = N > n ? studentTQuantile(1 - (1 - level) / 2, N - n) : NaN;
  const se = (v: number) => (Number.isFinite(factor) ? Math.sqrt(v * factor) : Infinity);
  const sharedSe = sharedIdx.map((_, i) => se(sharedInv[i * s + i]));
  const sharedCovariance = sharedInv.map((v) => (Number.isFinite(factor) ? v * factor : Infinity));

  const scratch = new Float64Array(fitted.reduce((mx, p) => Math.max(mx, p.rows), 1));
  let chi2 = 0;
  const rowOf = new Map<number, GlobalRow>();
  fitted.forEach((p, g) => {
    const full = Float64Array.from(evaluator.groupParameters(result.x, g, Float64Array.from(params.base)));
    const stderr = new Float64Array(names.length).fill(NaN);
    sharedIdx.forEach((idx, i) => (stderr[idx] = sharedSe[i]));
    localIdx.forEach((idx, j) => (stderr[idx] = se(localInv[g * l * l + j * l + j])));
    kernels.residuals(full, p.data, scratch, 0, p.rows);
    // The total row by row, as before the per-group χ² (the sum of the groups' sums rounds otherwise).
    let groupChi2 = 0;
    for (let i = 0; i < p.rows; i++) {
      const r2 = scratch[i] * scratch[i];
      groupChi2 += r2;
      chi2 += r2;
    }
    const note = p.skipped > 0 ? ` (${p.skipped} row${p.skipped === 1 ? '' : 's'} with missing values skipped)` : '';
    rowOf.set(p.index, {
      key: groups[p.index].key,
      rows: p.rows,
      skippedRows: p.skipped,
      included: true,
      success: result.success,
      status: result.status,
      code: null,
      message: result.message + note,
      params: full,
      stderr,
      ciLower: full.map((v, i) => (params.fixed[i] ? v : v - tValue * stderr[i])),
      ciUpper: full.map((v, i) => (params.fixed[i] ? v : v + tValue * stderr[i])),
      cost: evaluator.groupCost(result.x, g),
      chi2: groupChi2,
    });
  });
  const nanVec = () => new Float64Array(names.length).fill(NaN);
  const rows = groups.map((group, index): GlobalRow => {
    const row = rowOf.get(index);
    if (row) return row;
    const why = excluded.get(index) ?? { code: 'error', message: 'Not fitted.', rows: 0, skipped: 0 };
    return { key: group.key, rows: why.rows, skippedRows: why.skipped, included: false, success: false, status: -1, code: why.code, message: why.message, params: nanVec(), stderr: nanVec(), ciLower: nanVec(), ciUpper: nanVec(), cost: NaN, chi2: NaN };
  });
  if (excluded.size > 0) warnings.push(`${excluded.size} group${excluded.size === 1 ? ' was' : 's were'} left out of the global fit (see their rows).`);
  warnings.push(...globalExchangeWarnings(names, fitted.map((p) => ({ key: groups[p.index].key, data: p.data, rows: p.rows, full: rowOf.get(p.index)!.params })), { shared: sharedIdx, local: localIdx }, kernels, (i) => ({ min: bound(i, true), max: bound(i, false) })));
  return {
    names,
    shared: sharedIdx.map((i) => names[i]),
    local: localIdx.map((i) => names[i]),
    rows,
    success: result.success,
    status: result.status,
    message: result.message,
    cost: result.cost,
    chi2,
    points: N,
    freeParameters: n,
    nfev: result.nfev,
    njev: result.njev,
    nit: result.nit,
    confidenceLevel: level,
    tValue,
    sharedCovariance,
    warnings,
    fitMs: now() - started,
  };
}
