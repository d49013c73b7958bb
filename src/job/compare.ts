/**
 * A model comparison on the fit job (issues 10, 22): a second model fitted to the rows of a first,
 * finished fit (its missing starts found by the automatic start search, as the first's), then
 * compared with it (src/fit/compare/compareModels.ts): the extra-sum-of-squares F test when one
 * model is nested in the other, AICc and Akaike weights always, the verdict in words. Nesting is
 * established on the formulas (nesting.ts) or taken on the user's word (`nested`), never assumed.
 *
 * The command line's --compare-model is a job's `compareModel` step (run.ts, after the first fit);
 * the page compares with its last fit (worker/compareModel.ts). Both adapters only load the rows
 * and word the clashes.
 */
import { compareModels, fitSummary, modelLabel } from '../fit/compare/compareModels';
import { findNesting, type ModelForm, type Nesting } from '../fit/compare/nesting';
import { curveFit } from '../fit/curveFit';
import type { FitOptions } from '../fit/defaults';
import type { ParameterSpec } from '../fit/parameters';
import type { FitData, FitResult } from '../fit/types';
import type { CompiledModel } from '../model';
import type { AbortSignalLike } from '../solver/evaluator';
import { autoStart, type AutoStartProgress } from '../start/index';
import { runsStartSearch, type StartSearch } from './job';
import type { ComparedFit } from './report/facts';
import { JobInputError } from './validate';

/** A model with its parameter table (one row per parameter: start, bounds, fixed). */
export interface ModelSide {
  /** The model as written (the verdict names it so). */
  readonly model: string;
  readonly compiled: CompiledModel;
  readonly parameters: readonly ParameterSpec[];
}

/** The second model, compiled against the first one's columns, on exactly its rows (its variables' columns). */
export interface CompareModel extends ModelSide {
  readonly data: FitData;
  /** The user's word that one model is the other with parameters fixed, where the formulas cannot show it. */
  readonly nested: boolean;
}

/** A comparison of a finished fit with a second model; `options` and `start` are the first fit's. */
export interface ComparisonJob {
  readonly first: ModelSide & { readonly result: FitResult };
  readonly second: CompareModel;
  readonly options: FitOptions;
  readonly start: StartSearch;
}

/** Nesting stated for two models that fit as many parameters: neither is the simpler. */
export type CompareClash = 'compare-nested-same-size';

type Claim = { readonly by: 'structure' | 'user'; readonly nesting: Nesting };

const fixedOf = (m: ModelSide): [string, number][] => m.parameters.filter((p) => p.fixed).map((p) => [p.name, p.value as number]);
const formOf = (m: ModelSide): ModelForm => ({ ast: m.compiled.ast, fixed: new Map(fixedOf(m)) });

/** The parameters a model fits (those its table does not fix). */
export const fittedCount = (m: ModelSide): number => m.compiled.params.filter((name) => !m.parameters.find((p) => p.name === name)?.fixed).length;

/**
 * Which model is nested in which: on the formulas, else on the user's word (the model with fewer
 * fitted parameters is the simpler one), else none; the clash when the word cannot say which.
 */
function nestingOf(job: { readonly first: ModelSide; readonly second: CompareModel }): Claim | null | CompareClash {
  const structural = findNesting(formOf(job.first), formOf(job.second));
  if (structural) return { by: 'structure', nesting: structural };
  if (!job.second.nested) return null;
  const [k1, k2] = [fittedCount(job.first), fittedCount(job.second)];
  if (k1 === k2) return 'compare-nested-same-size';
  return { by: 'user', nesting: { simpler: k2 < k1 ? 1 : 0, constants: new Map() } };
}

/** What stops the comparison before the second fit runs (the adapters word it), or null. */
export function compareClash(job: { readonly first: ModelSide; readonly second: CompareModel }): CompareClash | null {
  const nesting = nestingOf(job);
  return typeof nesting === 'string' ? nesting : null;
}

/** The second fit (searched where a start is missing, or when the first's search was asked for), then the comparison. */
export async function runComparison(job: ComparisonJob, host: { readonly signal?: AbortSignalLike; readonly onProgress?: (p: AutoStartProgress) => void }): Promise<ComparedFit> {
  const nesting = nestingOf(job);
  if (typeof nesting === 'string') throw new JobInputError(nesting, 'Nesting was stated for two models that fit as many parameters: a nested model fits fewer than the model it is nested in.');
  const { compiled: model, data, parameters } = job.second;
  const signal = host.signal ? { signal: host.signal } : {};
  const result = runsStartSearch({ parameters, start: job.start })
    ? (await autoStart(model, data, parameters, { starts: job.start.starts ?? undefined, seed: job.start.seed, fit: job.options, ...signal, onProgress: host.onProgress })).fit
    : await curveFit({ model, data, parameters, options: job.options, ...signal });
  const summary = (m: ModelSide, r: FitResult) => fitSummary(modelLabel(m.model, fixedOf(m)), r);
  return { model: job.second.model, result, comparison: compareModels(summary(job.first, job.first.result), summary(job.second, result), nesting) };
}
