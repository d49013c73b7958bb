/**
 * Scoring the start search's Sobol candidates (multistart.ts, step 2): candidate i is Sobol point i
 * mapped into the search boxes, its linear parameters solved by variable projection, its cost
 * ½‖W(f − y)‖² recorded. The `keep` best are kept in the order (cost, index): the lower cost
 * first, the earlier candidate first among equal costs. That order does not depend on how the
 * index range is split, so scoring ranges on their own (on a worker pool, candidateTask.ts) and
 * merging them (mergeScored) keeps exactly the candidates the serial search keeps.
 */
import type { SearchBox } from './boxes';
import { sampleBox } from './boxes';
import { Sobol } from './sobol';
import type { VariableProjection } from './projection';

/** What scoring needs besides the model and the data: plain data (it crosses to a worker). */
export interface CandidatePlan {
  /** Number of model parameters. */
  readonly n: number;
  /** Indices of the searched (nonlinear) parameters, one box each. */
  readonly searched: readonly number[];
  readonly boxes: readonly SearchBox[];
  /** Bounds of every parameter (candidates are clamped into them). */
  readonly lb: Float64Array;
  readonly ub: Float64Array;
  /** Fixed parameters: [index, value]. */
  readonly known: readonly (readonly [number, number])[];
  readonly seed: number;
  /** How many of the best candidates to keep. */
  readonly keep: number;
}

export interface ScoredCandidate {
  readonly cost: number;
  /** Sobol index of the candidate. */
  readonly index: number;
  /** Its point in the unit cube, and the full parameter vector (linear parameters solved). */
  readonly u: Float64Array;
  readonly params: Float64Array;
}

export interface ScoredRange {
  /** Candidates with a finite cost, and candidates evaluated. */
  readonly finite: number;
  readonly evaluated: number;
  /** The best `keep`, in the order (cost, index). */
  readonly best: ScoredCandidate[];
}

export interface ScoreHooks {
  readonly signal?: { readonly aborted: boolean };
  /** Every 64 candidates: how many were scored and the best cost so far. */
  readonly onProgress?: (done: number, bestCost: number) => void;
}

const before = (a: { cost: number; index: number }, b: { cost: number; index: number }) => a.cost < b.cost || (a.cost === b.cost && a.index < b.index);

/** Inserts into `best` (sorted, at most `keep`) unless it is no better than the last one kept. */
function insertBest(best: ScoredCandidate[], keep: number, c: ScoredCandidate): void {
  if (best.length === keep && !before(c, best[keep - 1])) return;
  if (best.length === keep) best.pop();
  let i = best.length;
  while (i > 0 && before(c, best[i - 1])) i--;
  best.splice(i, 0, c);
}

/** Scores candidates [start, end) (for d = 0, the one candidate 0). Stops early when aborted. */
export function scoreRange(vp: VariableProjection, plan: CandidatePlan, start: number, end: number, hooks: ScoreHooks = {}): ScoredRange {
  const { searched, boxes, lb, ub } = plan;
  const d = searched.length;
  const sobol = d === 0 ? null : new Sobol(d, plan.seed).skipTo(start);
  const params = new Float64Array(plan.n);
  for (const [i, v] of plan.known) params[i] = v;
  const u = new Float64Array(d);
  const best: ScoredCandidate[] = [];
  let finite = 0;
  let evaluated = 0;
  for (let c = start; c < end; c++) {
    if (hooks.signal?.aborted) break;
    if (sobol) sobol.next(u);
    for (let j = 0; j < d; j++) {
      const p = searched[j];
      params[p] = Math.min(Math.max(sampleBox(boxes[j], u[j]), lb[p]), ub[p]);
    }
    const cost = vp.solve(params);
    evaluated++;
    if (Number.isFinite(cost)) {
      finite++;
      if (best.length < plan.keep || before({ cost, index: c }, best[best.length - 1])) {
        insertBest(best, plan.keep, { cost, index: c, u: Float64Array.from(u), params: Float64Array.from(params) });
      }
    }
    if (((c - start) & 63) === 63) hooks.onProgress?.(c - start + 1, best[0]?.cost ?? NaN);
  }
  return { finite, evaluated, best };
}

/** The ranges of one search as one: counts summed, the best `keep` of all in (cost, index) order. */
export function mergeScored(parts: readonly ScoredRange[], keep: number): ScoredRange {
  const best = parts.flatMap((p) => p.best).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  return { finite: parts.reduce((s, p) => s + p.finite, 0), evaluated: parts.reduce((s, p) => s + p.evaluated, 0), best: best.slice(0, keep) };
}
