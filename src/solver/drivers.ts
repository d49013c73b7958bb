/**
 * The two drivers of the one TRF loop (trustRegionLoop.ts). The loop is a generator of requests
 * — an evaluation at a point, or the report after an outer iteration:
 *
 * - runAsync answers each yielded request, awaiting the answer (the GPU and worker-pool
 *   evaluators, whose passes resolve later);
 * - runSync hands the loop its evaluation function, which the loop then calls in place of a
 *   yield (batches of small fits, global fits: a small fit takes ~10–16 evaluations of a few
 *   microseconds, and a generator's suspension and resumption at each of them cost more than 5%
 *   there); it answers only the reports.
 *
 * The loop is the same generator in both; only the waiting differs.
 */
import type { IterationSummary } from './summary';
import type { TrfState } from './trfState';
import { trustRegionLoop, type EvaluationRequest, type LoopOptions, type LoopOutcome, type LoopWorkspace } from './trustRegionLoop';
import type { TrustRegionVariant } from './variant';

/** Answers an 'iteration' request: true stops the run (status −2). */
export type IterationHandler<R> = (summary: IterationSummary, state: TrfState | null) => R;

export function runSync<L>(
  variant: TrustRegionVariant<L>,
  x0: ArrayLike<number>,
  options: LoopOptions,
  evaluate: (request: EvaluationRequest) => L | number,
  onIteration: IterationHandler<boolean> | null = null,
  work?: LoopWorkspace,
): LoopOutcome {
  const loop = trustRegionLoop(variant, x0, options, work, evaluate);
  let next = loop.next();
  while (!next.done) {
    const request = next.value;
    next = loop.next(request.kind === 'iteration' ? (onIteration ? onIteration(request.summary, request.state) : false) : evaluate(request));
  }
  return next.value;
}

export async function runAsync<L>(
  variant: TrustRegionVariant<L>,
  x0: ArrayLike<number>,
  options: LoopOptions,
  evaluate: (request: EvaluationRequest) => L | number | Promise<L | number>,
  onIteration: IterationHandler<boolean | Promise<boolean>> | null = null,
): Promise<LoopOutcome> {
  const loop = trustRegionLoop(variant, x0, options);
  let next = loop.next();
  while (!next.done) {
    const request = next.value;
    next = loop.next(request.kind === 'iteration' ? (onIteration ? await onIteration(request.summary, request.state) : false) : await evaluate(request));
  }
  return next.value;
}
