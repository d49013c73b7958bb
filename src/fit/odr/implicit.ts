/**
 * Implicit models g(x; β) = 0 with every column observed (ODRPACK's implicit mode, fit_type=1):
 *
 *     minimize Σᵢ Σᵥ δᵢᵥ²/σᵢᵥ²   subject to  gᵢ = g(xᵢ + δᵢ; β) = 0 for every row i.
 *
 * ODRPACK solves this with a growing quadratic penalty, which stops short of the constraint by
 * O(1/μ). Here each row's constraint gets an augmented Lagrangian instead (Hestenes 1969;
 * Powell 1969; Nocedal & Wright, Numerical Optimization, 2nd ed., §17.3): the residual
 * √μᵢ·(gᵢ + λᵢ/μᵢ) beside the δ residuals, one arrow solve (odrSolve.ts) per round, then
 * λᵢ ← λᵢ + μᵢ·gᵢ, and μ ×10 where the violation did not fall fourfold. The rounds converge to
 * the exact constrained optimum (for a circle with equal σ: the orthogonal-distance fit).
 * μᵢ = μ₀/cᵢ with cᵢ = Σᵥ σᵢᵥ²(∂g/∂xᵥ)², so √μᵢ·gᵢ ≈ √μ₀ × (row i's distance in σ units).
 *
 * Covariance: the μ → ∞ limit of the β block of (JᵀJ)⁻¹, whose Schur complement per row is
 * jβ jβᵀ·μᵢ/(1 + μᵢcᵢ) → jβ jβᵀ/cᵢ (jβ = ∂g/∂β at the foot point): cov_beta = (Σᵢ jβ jβᵀ/cᵢ)⁻¹,
 * the Gauss–Newton covariance of the reduced problem in the orthogonal distances.
 */
import { choleskyInPlace, choleskyInverse } from '../../solver/cholesky';
import { now } from '../../solver/clock';
import { DEFAULTS } from '../defaults';
import { FitInputError, resolveParameters } from '../parameters';
import { betaStatistics } from './odrStatistics';
import { OdrEvaluator } from './odrEvaluator';
import { odrRows } from './odrRows';
import { solveOdr } from './odrSolve';
import type { OdrInput, OdrResult } from './types';

/** μ₀ in σ units: each round cuts the violation about this much. */
const MU0 = 1e4;
const MAX_ROUNDS = 30;
/** Stop when every row's |g|/√c (its distance from the curve in σ units) is below this. */
const VIOLATION_TOL = 1e-11;

/** Refuses an equation that does not depend on some column (it would not be a curve in them). */
export function checkImplicitModel(input: OdrInput): void {
  const { model } = input;
  const vars = model.variables;
  if (vars.length < 2) {
    throw new FitInputError('implicit-columns', `The equation uses ${vars.length === 0 ? 'no column' : `only the column "${vars[0]}"`}: an implicit model g(x, y) = 0 relates two observed columns; write it in both (e.g. (x-a)^2 + (y-b)^2 = R^2).`);
  }
  vars.forEach((name, v) => {
    const t = model.tape([], [v]);
    const d = t.instrs[t.grads[0]];
    if (d.op === 'const' && d.value === 0) throw new FitInputError('implicit-columns', `The equation does not depend on "${name}" (its terms in "${name}" cancel): an implicit model must involve every column it names.`);
  });
  if (model.params.length === 0) throw new FitInputError('no-free-parameters', 'The equation has no parameters to fit.');
}

export async function implicitFit(input: OdrInput): Promise<OdrResult> {
  const started = now();
  const opts = { ...DEFAULTS, ...input.options };
  checkImplicitModel(input);
  const { model } = input;
  const { observed, u, n } = odrRows(input);
  const params = resolveParameters(model.params, input.parameters);
  const p = params.free.length;
  const l = observed.length;
  if (p === 0) throw new FitInputError('no-free-parameters', 'Every parameter is fixed: free at least one to fit.');
  if (n <= p) throw new FitInputError('too-few-rows', `${n} rows for ${p} free parameters: an implicit fit needs more rows than parameters.`);
  const k = p + l;
  const target = new Float64Array(n);
  const w = new Float64Array(n);
  const evaluator = new OdrEvaluator(model.kernels(params.free, observed), params.free, params.base, { vars: input.vars, observed, u, y: target, w });
  let x = new Float64Array(p + n * l);
  params.free.forEach((i, a) => (x[a] = params.base[i]));

  const c = new Float64Array(n);
  /** g at x into g, cᵢ into c; returns the largest |gᵢ|/√cᵢ. */
  const violation = (g: Float64Array): number => {
    const raw = evaluator.rawJacobian(x);
    let worst = 0;
    for (let i = 0; i < n; i++) {
      let ci = 0;
      for (let j = 0; j < l; j++) {
        const t = raw.J[i * k + p + j] / u[j][i];
        ci += t * t;
      }
      c[i] = ci;
      g[i] = raw.f[i];
      const v = ci > 0 ? Math.abs(g[i]) / Math.sqrt(ci) : Number.isFinite(g[i]) ? Math.abs(g[i]) : Infinity;
      worst = Math.max(worst, v);
    }
    return worst;
  };
  const g = new Float64Array(n);
  violation(g);
  const typical = median(c.filter((v) => v > 0 && Number.isFinite(v)));
  if (!(typical > 0)) throw new FitInputError('nonfinite-x0', 'The equation has no finite, non-zero slope in the columns at the start values: choose other start values.');
  const lambda = new Float64Array(n);
  const mu = Float64Array.from(c, (ci) => MU0 / (ci > 0 && Number.isFinite(ci) ? ci : typical));
  let result = null as ReturnType<typeof solveOdr> | null;
  let nfev = 0;
  let njev = 0;
  let nit = 0;
  let rounds = 0;
  let worst = Infinity;
  let previous = Infinity;
  while (rounds < MAX_ROUNDS) {
    rounds++;
    for (let i = 0; i < n; i++) {
      w[i] = Math.sqrt(mu[i]);
      target[i] = -lambda[i] / mu[i];
    }
    result = solveOdr(evaluator, x, { lb: params.lb, ub: params.ub, options: opts, signal: input.signal, onIteration: input.onIteration });
    nfev += result.nfev;
    njev += result.njev;
    nit += result.nit;
    x = Float64Array.from(result.x);
    worst = violation(g);
    if (!result.success || worst <= VIOLATION_TOL) break;
    for (let i = 0; i < n; i++) lambda[i] += mu[i] * g[i];
    if (worst > 0.25 * previous) for (let i = 0; i < n; i++) mu[i] *= 10;
    previous = worst;
  }
  const warnings: string[] = [];
  if (worst > VIOLATION_TOL) warnings.push(`The points' projections are ${worst.toPrecision(2)} σ off the curve after ${rounds} rounds (wanted ${VIOLATION_TOL}): the fit may not have converged.`);

  const covBeta = implicitCovariance(evaluator, x, u, p, l);
  if (!covBeta) warnings.push('Covariance of the parameters could not be estimated: the data do not determine every parameter.');
  const split = evaluator.split(x);
  return {
    kind: 'implicit',
    ...betaStatistics(input, params, x, covBeta, split.delta, n, opts.absoluteSigma),
    sumSquaresDelta: split.delta,
    sumSquaresEps: 0,
    cost: 0.5 * split.delta,
    observed: observed.map((v) => model.variables[v]),
    delta: x.slice(p),
    eps: new Float64Array(0),
    rows: n,
    atBound: result!.activeMask.slice(0, p),
    success: result!.success,
    status: result!.status,
    message: result!.message,
    nfev,
    njev,
    nit,
    rounds,
    constraintViolation: worst,
    startFit: null,
    warnings,
    fitMs: now() - started,
  };
}

/** (Σᵢ jβ jβᵀ/cᵢ)⁻¹ at the solution (see the module docblock); null when singular. */
function implicitCovariance(evaluator: OdrEvaluator, x: Float64Array, u: readonly Float64Array[], p: number, l: number): Float64Array | null {
  const { J } = evaluator.rawJacobian(x);
  const k = p + l;
  const S = new Float64Array(p * p);
  for (let i = 0; i < evaluator.G; i++) {
    let ci = 0;
    for (let j = 0; j < l; j++) {
      const t = J[i * k + p + j] / u[j][i];
      ci += t * t;
    }
    if (!(ci > 0)) continue;
    for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) S[a * p + b] += (J[i * k + a] * J[i * k + b]) / ci;
  }
  const maxDiag = Math.max(...Array.from({ length: p }, (_, a) => S[a * p + a]));
  if (!choleskyInPlace(S, 0, p, 1e-14 * maxDiag)) return null;
  const out = new Float64Array(p * p);
  choleskyInverse(S, 0, p, out, 0, new Float64Array(p));
  return out;
}

function median(values: Float64Array): number {
  if (values.length === 0) return NaN;
  const v = Float64Array.from(values).sort();
  const h = v.length >> 1;
  return v.length % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}
