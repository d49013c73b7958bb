/**
 * The float64 check of the GPU batch's f32 answers (step 2 of acceleratedBatch.ts), for a run of
 * groups: each answer is kept, finished by one float64 Gauss–Newton step, or handed to the CPU
 * finish with the point to start from. Pure per group: a run of groups can be checked anywhere
 * with the same verdicts.
 */
import { LINEAR_LOSS } from '../../solver/loss';
import type { ModelData, CompiledModel } from '../../model/index';
import type { ResolvedParameters } from '../parameters';
import { F64Check } from './f64Check';
import { GroupProblem } from './groupProblem';
import { rSquared } from './rowStatistics';
import type { BatchRow } from '../groupRow';

/** How far (in standard errors) an f32 answer may be for one float64 Gauss–Newton step to finish it. */
const NEWTON_REACH = 0.1;

/** The device's statuses (src/gpu/batchSource.ts BATCH_STATUS), repeated here as plain numbers. */
const CONVERGED = 1;
const STALLED = 2;
const MAX_ITERATIONS = 0;

/** One group's f32 answer, with what its row needs. */
export interface Answer {
  readonly key: string;
  readonly data: ModelData;
  readonly rows: number;
  readonly skipped: number;
  readonly start: Float64Array;
  /** The free parameters as the device left them. */
  readonly x: Float64Array;
  readonly status: number;
  readonly iterations: number;
}

export type Verdict =
  | { readonly kind: 'agreed' | 'polished'; readonly row: BatchRow; readonly nfev: number; readonly ratio: number }
  /** The CPU finishes it, from the f32 answer when that is a usable start. */
  | { readonly kind: 'finish'; readonly from: Float64Array | null };

export interface CheckSettings {
  /** Half the agreement tolerance, in standard errors (acceleratedBatch.ts says why). */
  readonly margin: number;
  readonly absoluteSigma: boolean;
}

/** Checks answers in order; `answers` may be a run of a larger batch. */
export function checkAnswers(model: CompiledModel, params: ResolvedParameters, answers: readonly Answer[], settings: CheckSettings): Verdict[] {
  const k = params.free.length;
  const capacity = answers.reduce((c, a) => Math.max(c, a.rows), 1);
  const check = new F64Check(k, capacity);
  const problem = new GroupProblem(model.kernels(params.free), Float64Array.from(params.base), params.free, LINEAR_LOSS);
  const xNewton = new Float64Array(k);
  const nParams = model.params.length;
  return answers.map((a): Verdict => {
    const { x } = a;
    if (!x.every(Number.isFinite)) return { kind: 'finish', from: null };
    const done = a.status === CONVERGED || a.status === STALLED || a.status === MAX_ITERATIONS;
    problem.use(a.data);
    const verdict = check.check(problem, x, settings.margin, settings.absoluteSigma);
    if (done && verdict.agrees) {
      const row = deviceRow(a, problem, x, check.stderr, verdict.cost, params.free, nParams, `the float64 check puts it within ${verdict.ratio.toExponential(1)} standard errors of the float64 fit`);
      return { kind: 'agreed', row, nfev: a.iterations + 1, ratio: verdict.ratio };
    }
    if (done && verdict.ratio <= NEWTON_REACH) {
      // Close, but not within the tolerance: one float64 Gauss–Newton step, if it stays in the box.
      let inside = true;
      for (let j = 0; j < k; j++) {
        xNewton[j] = x[j] + check.step[j];
        if (!(xNewton[j] >= params.lb[j] && xNewton[j] <= params.ub[j])) inside = false;
      }
      const second = inside ? check.check(problem, xNewton, settings.margin, settings.absoluteSigma) : null;
      if (second?.agrees) {
        const row = deviceRow(a, problem, xNewton, check.stderr, second.cost, params.free, nParams, `${verdict.ratio.toExponential(1)} standard errors from the float64 fit; one float64 Gauss–Newton step finished it`);
        return { kind: 'polished', row, nfev: a.iterations + 2, ratio: second.ratio };
      }
    }
    // An f32 answer that moved off the start, with finite float64 residuals, is a better start
    // for the finish than the start values (f32 and float64 disagree on the domain near its edges).
    return { kind: 'finish', from: a.iterations > 0 && Number.isFinite(verdict.cost) ? Float64Array.from(x) : null };
  });
}

/** The row of a group whose f32 answer passed the float64 check. */
function deviceRow(a: Answer, problem: GroupProblem, x: Float64Array, stderrFree: Float64Array, cost: number, free: readonly number[], nParams: number, how: string): BatchRow {
  const params = Float64Array.from(problem.full(x));
  const stderr = new Float64Array(nParams).fill(NaN);
  free.forEach((p, j) => (stderr[p] = stderrFree[j]));
  const chi2 = 2 * cost;
  const dof = a.rows - free.length;
  const note = a.skipped > 0 ? ` (${a.skipped} row${a.skipped === 1 ? '' : 's'} with missing values skipped)` : '';
  return {
    key: a.key,
    rows: a.rows,
    skippedRows: a.skipped,
    success: true,
    // xtol's code: what is left to the float64 optimum is a step below the tolerance.
    status: 3,
    code: null,
    message: `Converged on the GPU (f32 Levenberg–Marquardt, ${a.iterations} iterations); ${how}${note}.`,
    params,
    stderr,
    start: a.start,
    cost,
    chi2,
    redchi2: dof > 0 ? chi2 / dof : NaN,
    r2: rSquared(a.data.y, a.data.w, chi2),
    nfev: a.iterations + 1,
  };
}
