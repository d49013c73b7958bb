/**
 * What the wrappers of the one loop (trf.ts, arrowTrf.ts) report of its outcome, as scipy's
 * OptimizeResult does: x, cost, the active bounds, the counts, the status and the termination
 * message with the numbers that stopped it. Written once for both.
 */
import { findActiveConstraints } from './bounds';
import type { LoopOutcome } from './loopProtocol';
import type { resolveTrfOptions } from './options';
import { startError } from './options';
import { terminationMessage } from './termination';

type Resolved = ReturnType<typeof resolveTrfOptions>;

/**
 * The outcome's common fields; a start the loop refused (non-finite at x0) is raised before the
 * variant's gradient is read (it has none then).
 */
export function loopResult(out: LoopOutcome, opts: Resolved, variant: { readonly g: Float64Array }) {
  if (out.failure) throw startError(out.failure, out.parameter);
  const grad = variant.g;
  const { ftol, xtol, gtol, maxNfev, lb, ub } = opts;
  return {
    x: out.x,
    cost: out.cost,
    grad,
    optimality: out.optimality,
    activeMask: findActiveConstraints(out.x, lb, ub, xtol),
    nfev: out.nfev,
    njev: out.njev,
    nit: out.nit,
    status: out.status,
    success: out.status > 0,
    message: terminationMessage({
      status: out.status,
      ftol,
      xtol,
      gtol,
      maxNfev,
      gradientNorm: out.optimality,
      relativeReduction: out.relativeReduction,
      relativeStep: out.relativeStep,
      predicted: out.predicted,
    }),
  };
}
