/**
 * "Compare with another model" in the worker (issue 10), as an adapter: the second model compiled
 * against the last fit's x columns, on its rows (the same selection, weights and solver options),
 * its starts found by the automatic start search, then compared with the last fit by the job's
 * comparison (src/job/compare.ts: the F test when nesting is established on the formulas or
 * stated, AICc always). Cancel (cancelFit) stops the search. The answer is plain data.
 */
import { compareClash, fittedCount, runComparison, type ComparisonJob } from '../job/compare';
import type { ModelCompareRequest, PageModelComparison, AutoStartStep, Status } from './api';
import { modelFitData } from '../plot/curve';
import { toWorkerError } from '../job/protocol/status';
import { lastLeastSquaresFit } from './lastFitInput';
import { workLimit } from '../job/browser/limits';
import { compiled } from '../job/browser/pageModels';
import { endRun, startRun } from './session';
import { throttle } from '../job/browser/throttle';

const fail = (code: string, message: string, field?: 'model' | 'settings'): Status<never> => ({ ok: false, error: { code, message, ...(field ? { field } : {}) } });

export async function compareWithModel(request: ModelCompareRequest, onProgress?: (p: AutoStartStep) => void): Promise<Status<PageModelComparison>> {
  const picked = lastLeastSquaresFit();
  if (!picked.ok) return picked;
  const { last, input, result: first, complete } = picked.value;
  if (!complete) return fail('compare-restored', 'This fit was restored from a saved session without its solver settings: press Fit once, then compare.');
  const loss = input.options?.loss ?? 'linear';
  // The F test and AICc here are least-squares statistics.
  if (loss !== 'linear') return fail('compare-loss', `Model comparison needs the least-squares loss; the last fit used ${loss}. Set the loss to linear in Options, fit again, then compare.`, 'settings');
  const x = last.selection.names.x;
  const second = compiled(request.model, x);
  if (!second.ok) return second;
  const model = second.value;
  if (model.variables.length === 0) return fail('compare-no-variable', `The second model uses no x column (${x.join(', ')}); write it in terms of ${x[0] ?? 'x'}, as the first.`, 'model');
  for (const f of request.fixed) {
    if (!model.params.includes(f.name)) return fail('unknown-parameter', `"${f.name}" is fixed but the second model has no parameter "${f.name}"; its parameters are ${model.params.join(', ') || '(none)'}.`, 'model');
    if (!Number.isFinite(f.value)) return fail('compare-fixed-value', `The fixed value of "${f.name}" must be a finite number.`, 'model');
  }
  const fixedBy = new Map(request.fixed.map((f) => [f.name, f.value]));
  const tooMuch = workLimit(last.selection.rows, model.params.filter((p) => !fixedBy.has(p)).length);
  if (tooMuch) return { ok: false, error: tooMuch };
  const parameters = model.params.map((name) => (fixedBy.has(name) ? { name, value: fixedBy.get(name)!, fixed: true } : { name }));
  // The page's values are placeholders: the second model's starts are always searched.
  const job: ComparisonJob = {
    first: { model: last.model, compiled: input.model, parameters: input.parameters, result: first },
    second: { model: request.model, compiled: model, data: modelFitData(model, last.selection), parameters, nested: request.nested === true },
    options: input.options ?? {},
    start: { always: true, starts: null, seed: 0 },
  };
  if (compareClash(job)) return fail('compare-nested-same-size', `Both models fit ${fittedCount(job.second)} parameters, so neither is nested in the other: a nested model fits fewer. Untick "nested", or fix a parameter of the simpler model.`, 'model');

  const flag = startRun();
  const report = throttle<AutoStartStep>((p) => onProgress?.(p), 100);
  try {
    const compared = await runComparison(job, { signal: flag, onProgress: (p) => report.push(p) });
    report.flush();
    if (flag.aborted) return fail('cancelled', 'The comparison was cancelled.');
    return { ok: true, value: { comparison: compared.comparison, second: compared.result, model: request.model, firstFitMs: first.fitMs } };
  } catch (error) {
    if (flag.aborted) return fail('cancelled', 'The comparison was cancelled.');
    return { ok: false, error: toWorkerError(error, model.params) };
  } finally {
    endRun(flag);
  }
}
