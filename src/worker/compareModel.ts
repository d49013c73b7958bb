/**
 * "Compare with another model" in the worker (issue 10): a second model fitted to the rows of the
 * last fit (the same selection, weights and solver options), its start values found by the
 * automatic start search (src/start), then compared with the last fit (src/fit/compare/
 * compareModels.ts: the F test when nesting is established on the formulas, AICc always).
 * Cancel (cancelFit) stops the search. The answer is plain data.
 */
import { compareModels, fitSummary, modelLabel } from '../fit/compare/compareModels';
import { findNesting } from '../fit/compare/nesting';
import type { ModelCompareRequest, PageModelComparison, AutoStartStep, Status } from './api';
import { autoStart } from '../start/index';
import { modelFitData } from '../plot/curve';
import { toWorkerError } from './errors';
import { lastLeastSquaresFit } from './lastFitInput';
import { workLimit } from '../job/browser/limits';
import { compiled } from './modelCache';
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

  const flag = startRun();
  const report = throttle<AutoStartStep>((p) => onProgress?.(p), 100);
  try {
    const specs = model.params.map((name) => (fixedBy.has(name) ? { name, value: fixedBy.get(name)!, fixed: true } : { name }));
    const found = await autoStart(model, modelFitData(model, last.selection), specs, { fit: input.options, signal: flag, onProgress: (p) => report.push(p) });
    report.flush();
    if (flag.aborted) return fail('cancelled', 'The comparison was cancelled.');
    const firstFixed = (input.parameters ?? []).filter((p) => p.fixed).map((p) => [p.name, p.value as number] as const);
    const structural = findNesting({ ast: input.model.ast, fixed: new Map(firstFixed) }, { ast: model.ast, fixed: fixedBy });
    // The user's word where the formulas cannot tell: the model with fewer fitted parameters is the simpler one.
    const nesting = structural ? { by: 'structure' as const, nesting: structural } : request.nested ? { by: 'user' as const, nesting: { simpler: found.fit.stats.freeParameters < first.stats.freeParameters ? (1 as const) : (0 as const), constants: new Map<string, number>() } } : null;
    const comparison = compareModels(fitSummary(modelLabel(last.model, firstFixed), first), fitSummary(modelLabel(request.model, [...fixedBy]), found.fit), nesting);
    return { ok: true, value: { comparison, second: found.fit, model: request.model, firstFitMs: first.fitMs } };
  } catch (error) {
    if (flag.aborted) return fail('cancelled', 'The comparison was cancelled.');
    return { ok: false, error: toWorkerError(error, model.params) };
  } finally {
    endRun(flag);
  }
}
