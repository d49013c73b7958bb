/**
 * The joint fit of a global problem (globalFit.ts's docblock), whatever its model: each group's
 * terms (../groupTerms.ts) are a closed-form model's kernels (globalFit) or an ODE model's
 * integrations (ode/odeJoint.ts). From the groups' starts it leaves out those whose residuals are
 * not finite there, runs the one TRF on the arrow system, and reports the covariance blocks and
 * every group's row.
 */
import { ArrowFactor } from '../../solver/arrow';
import { arrowTrf } from '../../solver/arrowTrf';
import { now } from '../../solver/clock';
import type { AbortSignalLike } from '../../solver/evaluator';
import type { Loss } from '../../solver/loss';
import { studentTQuantile } from '../../stats/studentT';
import { defaultMaxNfev, type FitOptions } from '../defaults';
import type { GlobalRow } from '../groupRow';
import type { GroupTerms } from '../groupTerms';
import { FitInputError, type ResolvedParameters } from '../parameters';
import { GlobalEvaluator } from './globalEvaluator';
import type { GlobalResult } from './types';

const EPS = 2.220446049250313e-16;

/** A group that may take part: its input index, rows and terms, and its start (full vector). */
export interface GlobalParticipant {
  readonly index: number;
  readonly rows: number;
  readonly skipped: number;
  readonly start: Float64Array;
  readonly terms: GroupTerms;
}

/** Why a group was left out: its row's code and message. */
export interface Exclusion {
  readonly code: string;
  readonly message: string;
  readonly rows: number;
  readonly skipped: number;
}

export interface GlobalProblem {
  readonly started: number;
  readonly params: ResolvedParameters;
  /** Model indices of the shared and the local free parameters. */
  readonly sharedIdx: readonly number[];
  readonly localIdx: readonly number[];
  readonly loss: Loss;
  /** The fit's options over DEFAULTS ({ ...DEFAULTS, ...options }). */
  readonly options: Required<Omit<FitOptions, 'maxNfev' | 'weights' | 'constraints'>> & FitOptions;
  /** Every input group's key, in input order. */
  readonly keys: readonly string[];
  readonly participants: readonly GlobalParticipant[];
  /** Groups already left out (input index → why); the problem adds those not finite at the start. */
  readonly excluded: Map<number, Exclusion>;
  /** Why participant g's residuals are not finite at the full parameters `full` (null: unknown). */
  diagnose(g: number, full: Float64Array): { readonly code: string; readonly message: string } | null;
  /** Warnings about the fitted groups' parameters (full vectors), e.g. exchangeable pairs. */
  readonly exchange?: (full: readonly Float64Array[], fitted: readonly GlobalParticipant[]) => string[];
  readonly signal?: AbortSignalLike;
  readonly onIteration?: (iteration: number, cost: number, nfev: number) => void;
}

/** The shared and the local free parameters (model indices) of a global fit, checked. */
export function splitShared(params: ResolvedParameters, shared: readonly string[]): { sharedIdx: number[]; localIdx: number[] } {
  const names = params.names;
  for (const name of shared) {
    const i = names.indexOf(name);
    if (i < 0) throw new FitInputError('unknown-parameter', `Unknown shared parameter "${name}": the model's parameters are ${names.join(', ')}.`);
    if (params.fixed[i]) throw new FitInputError('shared-fixed', `"${name}" is fixed, so it is already the same in every group: do not list it as shared.`);
  }
  const sharedSet = new Set(shared);
  const sharedIdx = params.free.filter((i) => sharedSet.has(names[i]));
  const localIdx = params.free.filter((i) => !sharedSet.has(names[i]));
  if (sharedIdx.length + localIdx.length === 0) throw new FitInputError('no-free-parameters', 'Every parameter is fixed: free at least one to fit.');
  return { sharedIdx, localIdx };
}

/** A group with fewer usable rows than its l local parameters (or none) is left out; null: it may take part. */
export function tooFewRows(rows: number, skipped: number, l: number): Exclusion | null {
  if (rows >= Math.max(l, 1)) return null;
  return { code: 'too-few-rows', message: `${rows} usable row${rows === 1 ? '' : 's'} for ${l} local parameter${l === 1 ? '' : 's'}: the group was left out of the global fit.`, rows, skipped };
}

function median(values: number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const h = v.length >> 1;
  return v.length % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

export function solveGlobal(problem: GlobalProblem): GlobalResult {
  const { started, params, sharedIdx, localIdx, loss, options: opts, keys, participants, excluded } = problem;
  const names = params.names;
  const s = sharedIdx.length;
  const l = localIdx.length;
  const bound = (j: number, lo: boolean) => (lo ? params.lb : params.ub)[params.free.indexOf(j)];
  // Start: shared values are the median of the groups' starts (all equal without a guess).
  const sharedStart = sharedIdx.map((i) => median(participants.map((p) => p.start[i])));
  const evaluatorFor = (ps: readonly GlobalParticipant[]) => new GlobalEvaluator({ shared: sharedIdx, local: localIdx, base: Float64Array.from(params.base) }, ps.map((p) => p.terms), loss);
  const x0For = (ps: readonly GlobalParticipant[]) => {
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
    const full = Float64Array.from(p.start);
    sharedIdx.forEach((idx, i) => (full[idx] = sharedStart[i]));
    const why = problem.diagnose(g, full);
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
  const progress = problem.onIteration;
  const result = arrowTrf(evaluator, x0, {
    lb,
    ub,
    ftol: opts.ftol,
    xtol: opts.xtol,
    gtol: opts.gtol,
    maxNfev: opts.maxNfev ?? defaultMaxNfev(n),
    xScale,
    signal: problem.signal,
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
    p.terms.residuals(full, scratch);
    // The total row by row, as before the per-group χ² (the sum of the groups' sums rounds otherwise).
    let groupChi2 = 0;
    for (let i = 0; i < p.rows; i++) {
      const r2 = scratch[i] * scratch[i];
      groupChi2 += r2;
      chi2 += r2;
    }
    const note = p.skipped > 0 ? ` (${p.skipped} row${p.skipped === 1 ? '' : 's'} with missing values skipped)` : '';
    rowOf.set(p.index, {
      key: keys[p.index],
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
  const rows = keys.map((key, index): GlobalRow => {
    const row = rowOf.get(index);
    if (row) return row;
    const why = excluded.get(index) ?? { code: 'error', message: 'Not fitted.', rows: 0, skipped: 0 };
    return { key, rows: why.rows, skippedRows: why.skipped, included: false, success: false, status: -1, code: why.code, message: why.message, params: nanVec(), stderr: nanVec(), ciLower: nanVec(), ciUpper: nanVec(), cost: NaN, chi2: NaN };
  });
  if (excluded.size > 0) warnings.push(`${excluded.size} group${excluded.size === 1 ? ' was' : 's were'} left out of the global fit (see their rows).`);
  if (problem.exchange) warnings.push(...problem.exchange(fitted.map((p) => rowOf.get(p.index)!.params), fitted));
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
