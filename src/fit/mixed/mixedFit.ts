/**
 * Nonlinear mixed-effects fits by the alternating algorithm of Lindstrom & Bates (Biometrics 46,
 * 1990), as R's nlme runs it (Pinheiro & Bates 2000, §7.2):
 *
 *   0. start: the fit with every parameter shared (no random effects) gives β; Δ from the rows;
 *   1. PNLS: with Δ fixed, minimize Σ‖y_g − f(φ_g)‖² + Σ‖Δb_g‖² over β and every b_g — an arrow
 *      problem (pnlsEvaluator.ts) for the one trust-region loop (solver/arrowTrf.ts);
 *   2. LME: linearize there and maximize the linear mixed model's profiled (RE)ML log-likelihood
 *      over θ, Δ's parameters (profiledLogLik.ts, maximizeTheta.ts); its β and b_g start the next
 *      PNLS;
 *
 * until θ and β stop moving. The reported log-likelihood, σ, Ψ = σ²(ΔᵀΔ)⁻¹ and the fixed effects'
 * covariance σ²·K̃_XX⁻¹ are those of the last LME step, as nlme reports them. The start's fit
 * without random effects is the global fit it is compared with (globalLikelihood.ts,
 * compareMixed.ts: R's anova(nlme fit, gnls fit)).
 */
import type { ModelData } from '../../model/index';
import { arrowTrf } from '../../solver/arrowTrf';
import { now } from '../../solver/clock';
import { studentTTwoSided } from '../../stats/studentT';
import { prepareGroup } from '../batch/groupData';
import { kernelTerms } from '../groupTerms';
import { FitInputError } from '../parameters';
import { mixedSetup, type MixedProblem } from './mixedProblem';
import { denominatorDf } from './denominatorDf';
import { globalLikelihood } from './globalLikelihood';
import { maximizeTheta, THETA_MAX } from './maximizeTheta';
import { mixedRows } from './mixedRows';
import { PnlsEvaluator } from './pnlsEvaluator';
import { deltaOf, precisionOf, psiOf, sdCorr, thetaCount, thetaOf } from './precisionFactor';
import { ProfiledLogLik } from './profiledLogLik';
import { spreadDelta, weakDelta } from './startPsi';
import type { MixedInput, MixedResult } from './types';

const PNLS_TOL = 1e-12;
const STALL = 1e-6;

/** A closed-form model's mixed-effects fit: its groups' kernels (groupTerms.ts kernelTerms) into solveMixed. */
export function mixedFit(input: MixedInput): MixedResult {
  const started = now();
  const { model } = input;
  const setup = mixedSetup(model.params, input);
  // Groups with usable rows take part.
  const prepared = input.groups.map((g) => prepareGroup(model, g.data));
  const fittedIndex = prepared.flatMap((g, i) => (g.rows > 0 ? [i] : []));
  const datas: ModelData[] = fittedIndex.map((i) => prepared[i].data);
  const groups = input.groups.map((g, i) => ({ key: g.key, skipped: prepared[i].skipped }));
  const kernels = model.kernels(setup.free);
  const terms = datas.map((d) => kernelTerms(kernels, d));
  return solveMixed({ ...setup, input, groups, fittedIndex, terms, logWeights: weightsLogLik(datas), started });
}

/** The alternation of PNLS and LME (module docblock) on a problem's groups. */
export function solveMixed(problem: MixedProblem): MixedResult {
  const { input, names, free, base, rho, terms, fittedIndex, started } = problem;
  const { method, cov } = input;
  const maxIter = input.options?.maxIter ?? 100;
  const tolerance = input.options?.tolerance ?? 1e-7;
  const p = free.length;
  const r = rho.length;
  const G = terms.length;
  if (G < 2) throw new FitInputError('too-few-groups', `${G} group${G === 1 ? '' : 's'} with usable rows: a mixed-effects fit needs at least two groups to estimate their spread.`);
  const N = terms.reduce((t, d) => t + d.rows, 0);
  if (N <= p) throw new FitInputError('too-few-rows', `${N} usable rows for ${p} fixed effects: fix some parameters.`);
  const beta0 = Float64Array.from(free, (i) => base[i]);
  const pnls = new PnlsEvaluator(base, free, rho, terms);

  // Every group's residuals must be finite at the start (b = 0), or the joint cost is not.
  const bad = terms.flatMap((_, g) => (Number.isFinite(pnls.startCost(beta0, g)) ? [] : [g]));
  if (bad.length > 0) {
    const keys = bad.slice(0, 3).map((g) => `"${problem.groups[fittedIndex[g]].key}"`).join(', ') + (bad.length > 3 ? ` and ${bad.length - 3} more` : '');
    const why = problem.startFailure?.(bad[0]);
    const detail = why ? ` Group "${problem.groups[fittedIndex[bad[0]]].key}": ${why}` : '';
    throw new FitInputError('nonfinite-x0', `The residuals of group${bad.length === 1 ? '' : 's'} ${keys} are not finite at the start values: give other starts (--p0), or leave ${bad.length === 1 ? 'it' : 'them'} out (--groups).${detail}`);
  }
  // 0. The fit without random effects (every parameter shared).
  const shared = new PnlsEvaluator(base, free, [], terms);
  const pooled = arrowTrf(shared, beta0, { ftol: PNLS_TOL, xtol: PNLS_TOL, gtol: PNLS_TOL, xScale: 'jac', signal: input.signal });
  let nfev = pooled.nfev;
  // Its likelihood, for the comparison with the mixed model (globalLikelihood.ts).
  // Per-row σᵢ (residual weights wᵢ = 1/σᵢ) enter the likelihood of y through the density's
  // scale, Σ log wᵢ (nlme's varFixed, R's logLik.nls with weights). The fits do not depend on it.
  const logWeights = problem.logWeights;
  const global = globalLikelihood(shared.crossProducts(pooled.x), pooled.x, N, method, logWeights);
  const x = new Float64Array(p + G * r);
  x.set(pooled.x);
  // 0′. Ψ from the spread of the groups' effects under a weak penalty.
  const weak = weakDelta(pnls.crossProducts(x), p, rho);
  precisionOf(weak, r, pnls.precision);
  const loose = arrowTrf(pnls, x, { ftol: 1e-8, xtol: 1e-8, gtol: 1e-8, xScale: 'jac', signal: input.signal });
  nfev += loose.nfev;
  const spread = spreadDelta(loose.x.subarray(p), G, r, (2 * loose.cost) / N, cov);
  if (spread) x.set(loose.x);
  let theta = thetaOf(spread ?? weak, r, cov);
  const k = thetaCount(r, cov);
  let converged = false;
  let iterations = 0;
  let last: { logLik: number; sigma2: number; prss: number; xxInverse: Float64Array } | null = null;
  const warnings: string[] = [];
  let message = '';
  for (; iterations < maxIter; ) {
    if (input.signal?.aborted) {
      message = 'Cancelled.';
      break;
    }
    iterations++;
    // 1. PNLS at Δ(θ).
    precisionOf(deltaOf(theta, r, cov), r, pnls.precision);
    const step = arrowTrf(pnls, x, { ftol: PNLS_TOL, xtol: PNLS_TOL, gtol: PNLS_TOL, xScale: 'jac', signal: input.signal });
    nfev += step.nfev;
    x.set(step.x);
    // 2. LME at the linearization.
    const lme = new ProfiledLogLik(pnls.crossProducts(x), x.subarray(p), p, rho, N, method, cov);
    const opt = maximizeTheta((t) => lme.logLik(t), theta);
    const sol = lme.solve(opt.theta);
    if (!sol) {
      message = 'The linear mixed model at the PNLS solution could not be factored (its fixed effects are not determined): fix some parameters or give other starts.';
      break;
    }
    let change = 0;
    for (let i = 0; i < k; i++) change = Math.max(change, Math.abs(opt.theta[i] - theta[i]));
    for (let i = 0; i < p; i++) change = Math.max(change, Math.abs(sol.step[i]) / Math.max(Math.abs(x[i]), 1e-8));
    theta = opt.theta;
    for (let i = 0; i < p; i++) x[i] += sol.step[i];
    x.set(sol.b, p);
    const rise = last ? sol.logLik - last.logLik : Infinity;
    last = sol;
    input.onIteration?.(iterations, sol.logLik);
    if (change < tolerance) {
      converged = true;
      message = `Converged: θ and the fixed effects changed by ${change.toExponential(1)} ≤ ${tolerance} in iteration ${iterations}.`;
      break;
    }
    // The LME optimum is found to the digits its numerical gradient resolves: where θ then moves
    // by ~1e-6 from one iteration to the next and the log-likelihood by less than STALL (three
    // orders below the 1e-3 the comparison with nlme asks), the
    // alternation has reached the fixed point as closely as it can.
    if (Math.abs(rise) < STALL && change < 1e-4) {
      converged = true;
      message = `Converged: the log-likelihood changed by ${Math.abs(rise).toExponential(1)} < ${STALL} in iteration ${iterations} (θ and the fixed effects by ${change.toExponential(1)}).`;
      break;
    }
  }
  if (!converged && !message) message = `Not converged in ${maxIter} iterations of PNLS and LME.`;
  if (!last) throw new FitInputError('mixed-failed', message || 'The mixed-effects fit did not run.');

  // Results from the last LME step.
  const sigma2 = last.sigma2;
  const delta = deltaOf(theta, r, cov);
  const psi = psiOf(delta, r, sigma2);
  const { sd, corr } = sdCorr(psi, r);
  for (let j = 0; j < r; j++) {
    if (theta[j] >= THETA_MAX - 1 || !(psi[j * r + j] > 1e-10 * sigma2)) {
      warnings.push(`The variance of the random effect of ${input.random[j]} went to zero (Ψ is singular): its groups do not differ beyond the residual scatter; fit ${input.random[j]} as a fixed effect only.`);
    }
  }
  const fixed = Array.from(x.subarray(0, p));
  // nlme scales the fixed effects' covariance K̃_XX⁻¹ by ‖ĉ‖²/(N − p) under ML and REML alike
  // (its summary's standard errors: MEestimate's varFix with σ̂ from N − p).
  const varScale = last.prss / (N - p);
  const fixedStderr = fixed.map((_, i) => Math.sqrt(varScale * last!.xxInverse[i * p + i]));
  const bounds = new Int32Array(G + 1);
  terms.forEach((d, g) => (bounds[g + 1] = bounds[g] + d.rows));
  const X = new Float64Array(N * p);
  const scratch = new Float64Array(Math.max(...terms.map((d) => d.rows)));
  terms.forEach((d, g) => d.residualsJacobian(pnls.groupParameters(x, g), scratch, X.subarray(bounds[g] * p, bounds[g + 1] * p)));
  const fixedDf = denominatorDf(X, p, bounds);
  const tValue = fixed.map((b, i) => b / fixedStderr[i]);
  const pValue = tValue.map((t, i) => studentTTwoSided(t, fixedDf[i]));
  const parameterCount = p + k + 1;
  const logLik = last.logLik + logWeights;
  const aic = -2 * logLik + 2 * parameterCount;
  const bic = -2 * logLik + parameterCount * Math.log(method === 'reml' ? N - p : N);

  const rows = mixedRows(problem.groups, fittedIndex, (g, out) => pnls.groupParameters(x, g, out), x.subarray(p), { terms, names, r, converged, message });
  return {
    names: free.map((i) => names[i]), random: [...input.random], method, cov,
    fixed, fixedStderr, fixedDf, tValue, pValue, randomSd: sd, randomCorr: corr, sigma: Math.sqrt(sigma2),
    logLik, aic, bic, global, points: N, groupsFitted: G, parameterCount, rows, iterations, converged, message, warnings, nfev,
    fitMs: now() - started,
  };
}

/** Σ log wᵢ = −Σ log σᵢ over the rows' weights wᵢ = 1/σᵢ, 0 without weights (see its use). */
export function weightsLogLik(datas: readonly { readonly w: ArrayLike<number> | null }[]): number {
  let sum = 0;
  for (const d of datas) if (d.w) for (let i = 0; i < d.w.length; i++) sum += Math.log(d.w[i]);
  return sum;
}
