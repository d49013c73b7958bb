/**
 * The two drivers of the one TRF loop (trustRegionLoop.ts): they answer its requests — an
 * evaluation at a point, or the report after an outer iteration — synchronously (batches of
 * small fits, global fits) or awaiting each answer (the GPU and worker-pool evaluators, whose
 * passes resolve later). The loop is the same generator in both; only the waiting differs.
 */
import type { EvaluationRequest, LoopOutcome, LoopRequest } from './trustRegionLoop';
import type { IterationSummary } from './summary';
import type { TrfState } from './trfState';

/** Answers an 'iteration' request: true stops the run (status −2). */
export type IterationHandler<R> = (summary: IterationSummary, state: TrfState | null) => R;

export function runSync(
  loop: Generator<LoopRequest, LoopOutcome, unknown>,
  evaluate: (request: EvaluationRequest) => unknown,
  onIteration: IterationHandler<boolean> | null = null,
): LoopOutcome {
  let next = loop.next();
  while (!next.done) {
    const request = next.value;
    next = loop.next(request.kind === 'iteration' ? (onIteration ? onIteration(request.summary, request.state) : false) : evaluate(request));
  }
  return next.value;
}

export async function runAsync(
  loop: Generator<LoopRequest, LoopOutcome, unknown>,
  evaluate: (request: EvaluationRequest) => unknown,
  onIteration: IterationHandler<boolean | Promise<boolean>> | null = null,
): Promise<LoopOutcome> {
  let next = loop.next();
  while (!next.done) {
    const request = next.value;
    next = loop.next(request.kind === 'iteration' ? (onIteration ? await onIteration(request.summary, request.state) : false) : await evaluate(request));
  }
  return next.value;
}
