/**
 * A global (shared-parameter) fit with errors in x (issue 24): minimize
 *
 *     Σ_g Σ_i [ (y_gi − f(x_gi + δ_gi; θ_shared, θ_g))²/σy_gi² + Σᵥ δ_giᵥ²/σx_giᵥ² ]
 *
 * over the shared parameters, each group's local parameters and every δ, as one ODR problem
 * (Boggs, Byrd & Schnabel 1987) whose β is [shared | group 0's locals | …] (globalOdrEvaluator.ts
 * says why this structure) under the one trust-region loop (solveOdr → arrowTrf).
 *
 *   start       the ordinary weighted global fit that ignores the x errors (fit/global), with
 *               δ projected from each row's linearized problem; the groups it leaves out (too
 *               few rows, residuals not finite at the start) are left out here with its reason
 *   fit         β and every δ (bounds on β only)
 *   statistics  ODRPACK's, as for one ODR fit (odrStatistics.ts): cov_beta the β block of
 *               (JᵀJ)⁻¹ over β and every δ, res_var = sum_square/(n − P) with n rows over all
 *               groups and P free β, sd_beta = √diag(cov_beta·res_var) (res_var = 1 with
 *               absolute sigma); t intervals on n − P degrees of freedom; the δ/ε split of the
 *               sum of squares, in all and per group
 *
 * The check of the reference (fixtures/odr/make_global.py): scipy.odr on the stacked model with
 * the group index as a second x column held exact (ifixx), the same β.
 *
 * Size: each row's Schur term touches its support [shared | its group's locals] only
 * (solver/arrowSupport.ts), but the P×P Schur complement is factored dense and each row's Bᵢ is
 * held over all P entries, so n·P·L is capped (MAX_ENTRIES; bench/odr-global.ts: 400 groups of
 * 20 rows, P = 801, in about 3 s).
 */
import { now } from '../../solver/clock';
import { studentTQuantile } from '../../stats/studentT';
import { DEFAULTS } from '../defaults';
import { globalFit } from '../global/globalFit';
import type { GlobalResult } from '../global/types';
import type { GlobalRow } from '../groupRow';
import { FitInputError, resolveParameters } from '../parameters';
import { GlobalOdrEvaluator } from './globalOdrEvaluator';
import { OdrEvaluator } from './odrEvaluator';
import { odrRows, reciprocal } from './odrRows';
import { solveOdr, solverOutcome } from './odrSolve';
import { covarianceOfBeta } from './odrStatistics';
import type { GlobalOdrInput, GlobalOdrResult } from './globalOdrTypes';
import type { OdrResult } from './types';

/** n·P·L at most: each of the solver's two arrow matrices holds that many doubles (80 MB). */
export const MAX_ENTRIES = 10_000_000;

/** Each group's rows checked (odrRows.ts), a bad row named by its line and its group. */
function checkedRows(input: GlobalOdrInput) {
  return input.groups.map((g) => {
    try {
      return odrRows({ model: input.model, vars: g.data.vars, y: g.data.y, sigmaY: g.data.sigmaY, sigmaX: g.data.sigmaX, lines: g.data.lines, parameters: input.parameters });
    } catch (error) {
      if (error instanceof FitInputError) throw new FitInputError(error.code, `Group "${g.key}": ${error.message}`);
      throw error;
    }
  });
}

/** Refuses a problem over MAX_ENTRIES before anything runs (every group taking part). */
function checkSize(n: number, free: number, shared: number, G: number, L: number): void {
  const P = shared + G * (free - shared);
  if (n * P * L <= MAX_ENTRIES) return;
  throw new FitInputError('odr-global-size', `${n} rows × ${P} free parameters × ${L} column${L === 1 ? '' : 's'} with errors is too large for a global fit with errors in x (n·P·L at most ${MAX_ENTRIES.toExponential(0)}): share more parameters, fit fewer groups, or fit each group on its own (drop --shared).`);
}

export async function globalOdrFit(input: GlobalOdrInput): Promise<GlobalOdrResult> {
  const started = now();
  const { model } = input;
  const opts = { ...DEFAULTS, ...input.options };
  if (opts.loss !== 'linear') throw new FitInputError('odr-loss', `Errors in x are fitted by least squares only: the "${opts.loss}" loss is not supported with --sigma-x yet; drop --loss.`);
  const checked = checkedRows(input);
  const observed = checked[0]?.observed ?? [];
  if (checked.some((c) => c.observed.join() !== observed.join())) throw new FitInputError('sigma-x', 'Every group needs the same columns with errors (--sigma-x).');
  const names = model.params;
  const params = resolveParameters(names, input.parameters);
  checkSize(checked.reduce((t, c) => t + c.n, 0), params.free.length, input.shared.length, input.groups.length, observed.length);

  // start: the ordinary global fit (its shared values, each group's locals, who takes part).
  const ordinary = await globalFit({
    model,
    groups: input.groups.map((g) => ({ key: g.key, data: { vars: [...g.data.vars], y: g.data.y, sigma: g.data.sigmaY, lines: g.data.lines } })),
    parameters: input.parameters,
    shared: input.shared,
    options: { ...input.options, loss: 'linear' },
    signal: input.signal,
  });
  const sharedIdx = ordinary.shared.map((n) => names.indexOf(n));
  const localIdx = ordinary.local.map((n) => names.indexOf(n));
  const S = sharedIdx.length;
  const l = localIdx.length;
  const free = [...sharedIdx, ...localIdx];
  const fitted = ordinary.rows.flatMap((row, g) => (row.included ? [g] : []));
  const kernels = model.kernels(free, observed);
  const groupEvaluators = fitted.map((g) => {
    const { u } = checked[g];
    const d = input.groups[g].data;
    return new OdrEvaluator(kernels, free, ordinary.rows[g].params, { vars: d.vars, observed, u, y: d.y, w: d.sigmaY ? reciprocal(d.sigmaY) : null });
  });
  const evaluator = new GlobalOdrEvaluator(groupEvaluators, S);
  const P = evaluator.s;
  const n = evaluator.G;
  const L = observed.length;
  if (n <= P) throw new FitInputError('too-few-rows', `${n} rows for ${P} free parameters: a global fit with errors in x needs more rows than parameters.`);

  const x0 = new Float64Array(P + n * L);
  sharedIdx.forEach((i, a) => (x0[a] = ordinary.rows[fitted[0]].params[i]));
  fitted.forEach((g, k) => localIdx.forEach((i, j) => (x0[S + k * l + j] = ordinary.rows[g].params[i])));
  evaluator.projectDeltas(x0);
  const bound = (lo: boolean, i: number) => (lo ? params.lb : params.ub)[params.free.indexOf(i)];
  const betaIndex = (a: number) => (a < S ? sharedIdx[a] : localIdx[(a - S) % l]);
  const lb = Float64Array.from({ length: P }, (_, a) => bound(true, betaIndex(a)));
  const ub = Float64Array.from({ length: P }, (_, a) => bound(false, betaIndex(a)));
  const xs = opts.xScale;
  const xScale = typeof xs === 'string' || typeof xs === 'number' ? xs : Array.from({ length: P }, (_, a) => xs[params.free.indexOf(betaIndex(a))]);
  const result = solveOdr(evaluator, x0, { lb, ub, options: { ...opts, xScale }, signal: input.signal, onIteration: input.onIteration });

  // statistics
  const warnings = [...ordinary.warnings.filter((w) => w.includes('left out'))];
  const covBeta = covarianceOfBeta(result.normal, evaluator.m);
  if (!covBeta) warnings.push('Covariance of the parameters could not be estimated: the data do not determine every parameter (JᵀJ is singular). Fix or share the undetermined ones.');
  const split = evaluator.split(result.x);
  const sumSquares = split.delta + split.eps;
  const resVar = sumSquares / (n - P);
  const scale = opts.absoluteSigma ? 1 : resVar;
  const sd = Float64Array.from({ length: P }, (_, a) => (covBeta ? Math.sqrt(covBeta[a * P + a] * scale) : Infinity));
  const tValue = studentTQuantile(1 - (1 - opts.confidenceLevel) / 2, n - P);
  const eps = new Float64Array(n);
  const splits: ({ delta: number; eps: number } | null)[] = input.groups.map(() => null);
  const rowOf = new Map<number, GlobalRow>();
  fitted.forEach((g, k) => {
    const e = evaluator.group(k);
    const xg = evaluator.groupX(result.x, k);
    const full = e.parameters(xg);
    const part = e.split(xg);
    splits[g] = part;
    const r0 = evaluator.offsets[k];
    const eg = e.epsilon(xg, new Float64Array(e.G));
    const sy = input.groups[g].data.sigmaY;
    for (let i = 0; i < e.G; i++) eps[r0 + i] = sy ? eg[i] * sy[i] : eg[i];
    const stderr = new Float64Array(names.length).fill(NaN);
    sharedIdx.forEach((i, a) => (stderr[i] = sd[a]));
    localIdx.forEach((i, j) => (stderr[i] = sd[S + k * l + j]));
    const fixed = (i: number) => !free.includes(i);
    rowOf.set(g, {
      ...ordinary.rows[g],
      success: result.success,
      status: result.status,
      message: result.message,
      params: full,
      stderr,
      ciLower: full.map((v, i) => (fixed(i) ? v : v - tValue * stderr[i])),
      ciUpper: full.map((v, i) => (fixed(i) ? v : v + tValue * stderr[i])),
      cost: 0.5 * (part.delta + part.eps),
      chi2: part.delta + part.eps,
    });
  });
  const betaNames = [...ordinary.shared, ...fitted.flatMap((g) => ordinary.local.map((name) => `${name}[${input.groups[g].key}]`))];
  const fitMs = now() - started;
  const odr: OdrResult = {
    kind: 'explicit',
    names: betaNames,
    free: betaNames,
    beta: result.x.slice(0, P),
    sdBeta: sd,
    covBeta: covBeta ?? new Float64Array(P * P).fill(Infinity),
    resVar,
    sumSquares,
    sumSquaresDelta: split.delta,
    sumSquaresEps: split.eps,
    cost: result.cost,
    observed: observed.map((v) => model.variables[v]),
    delta: result.x.slice(P),
    eps,
    rows: n,
    atBound: result.activeMask.slice(0, P),
    ...solverOutcome(result),
    startFit: { cost: ordinary.cost, beta: Float64Array.from([...sharedIdx.map((i) => ordinary.rows[fitted[0]].params[i]), ...fitted.flatMap((g) => localIdx.map((i) => ordinary.rows[g].params[i]))]) },
    warnings,
    fitMs,
  };
  const global: GlobalResult = {
    ...ordinary,
    rows: ordinary.rows.map((row, g) => rowOf.get(g) ?? row),
    ...solverOutcome(result),
    cost: result.cost,
    chi2: sumSquares,
    points: n,
    freeParameters: P,
    confidenceLevel: opts.confidenceLevel,
    tValue,
    sharedCovariance: Float64Array.from({ length: S * S }, (_, q) => (covBeta ? covBeta[Math.floor(q / S) * P + (q % S)] * scale : Infinity)),
    warnings,
    fitMs,
  };
  return { global, odr, splits, ordinary };
}
