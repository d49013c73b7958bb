/**
 * Every reported number of a fit, computed on the CPU from the solver's end point: residuals and
 * χ² (in double-double where the data allow), the covariance as scipy computes it but honest about
 * undetermined parameters (src/stats/covariance.ts), Student-t intervals and goodness of fit.
 */
import { now } from '../solver/clock';
import type { Loss } from '../solver/loss';
import type { TrfResult } from '../solver/trf';
import { correlation, curveFitCovariance, standardErrors } from '../stats/covariance';
import { DIAGNOSTICS_SORT_MAX_ROWS, residualDiagnostics, sortedDistinct } from '../stats/diagnostics';
import { memoryChunks } from '../store/chunkSource';
import { goodnessOfFit } from '../stats/goodness';
import { studentTQuantile } from '../stats/studentT';
import { parameterRow } from './parameterRow';
import type { CurveFitInput } from './curveFit';
import type { BoundModel } from './cpuEvaluator';
import { exchangeablePairs, exchangeWarning } from './exchangeable';
import type { ParameterSpec, ResolvedParameters } from './parameters';
import { DD_MAX_ROWS, finalResiduals } from './residuals';
import { streamStatistics, type StreamStatistics } from './stream/streamStatistics';
import type { StreamedRows } from './stream/streamedRows';
import type { FitResult, ParameterResult, PhaseRecord } from './types';
import { describeWeighting, zeroCounts, type Weighting } from './weights';

export interface SummaryInput {
  readonly input: CurveFitInput;
  readonly weighting: Weighting;
  readonly absoluteSigma: boolean;
  readonly confidenceLevel: number;
  readonly params: ResolvedParameters;
  readonly bound: BoundModel;
  readonly result: TrfResult;
  readonly phases: PhaseRecord[];
  readonly history: FitResult['history'];
  readonly warnings: string[];
  readonly loss: Loss;
  readonly started: number;
  /** The model's values at the rows, when a worker pool computed them (else computed here). */
  readonly values?: Float64Array;
  /** The rows streamed from chunks (fit/stream): the statistics are then formed chunk by chunk. */
  readonly streamed?: StreamedRows;
}

/**
 * Rows per chunk of the chunked statistics of many rows in memory: two scratch arrays of this many
 * doubles (1 MB) instead of m-long ones.
 */
const STATISTICS_CHUNK_ROWS = 65_536;

/**
 * Rows up to which the statistics of rows in memory take the array path (an m-long array of model
 * values, then of residuals: 8 bytes a row, 16 MB at this size) rather than two passes over
 * chunks that each evaluate the model again. The chunked path exists for memory (issue 12: 80 MB
 * at 10⁷ rows); below this size its second model evaluation cost more than the array: a whole
 * one-thread fit of 10⁶ Gaussian rows took 143–209 ms best with the array and 216–278 ms with
 * chunks (same machine, interleaved), the numbers the same to the last bit (summarize.test.ts).
 */
export const ARRAY_STATISTICS_MAX_ROWS = 2_000_000;

let arrayStatisticsMaxRows = ARRAY_STATISTICS_MAX_ROWS;

/** For tests: the array path's limit (null: the default), so that the chunked path is checked at
 *  sizes a test can afford. */
export function setArrayStatisticsMaxRows(rows: number | null): void {
  arrayStatisticsMaxRows = rows ?? ARRAY_STATISTICS_MAX_ROWS;
}

/**
 * Whether the statistics of m rows in memory are formed chunk by chunk (two passes that each
 * evaluate the model again) rather than from an m-long array of model values: many rows, and no
 * values given. Only past DD_MAX_ROWS and DIAGNOSTICS_SORT_MAX_ROWS, where the array path does no
 * double-double χ² and no sort by x either, so that both give the same numbers.
 */
export function chunkedStatistics(m: number, haveValues: boolean): boolean {
  return !haveValues && m > DD_MAX_ROWS && m > DIAGNOSTICS_SORT_MAX_ROWS && m > arrayStatisticsMaxRows;
}

/** Passes over the rows that evaluate the model for the statistics of m rows in memory. */
export function statisticsValuePasses(m: number, haveValues: boolean): number {
  return haveValues ? 0 : chunkedStatistics(m, false) ? 2 : 1;
}

/** χ², the RSS, goodness of fit and diagnostics from rows in memory (the usual case). */
function inMemoryStatistics(s: SummaryInput, full: Float64Array): StreamStatistics & { extendedPrecision: boolean } {
  const { input, params, bound } = s;
  const k = params.free.length;
  const m = bound.rows;
  if (chunkedStatistics(m, Boolean(s.values))) {
    // Many rows, no model values from a worker pool: the streamed fit's two passes over chunks of
    // the columns (views, no copies) instead of an m-long array of model values (80 MB at 10⁷
    // rows, issue 12 "Memory"). Above these sizes the in-memory path does no double-double χ² and
    // no sort by x either, so every number is the same to the last bit (streamFit.test.ts,
    // summarize.test.ts); its notes describe those omissions, which are the in-memory path's too.
    const source = memoryChunks({ vars: input.data.vars, y: input.data.y, w: bound.data.w }, STATISTICS_CHUNK_ROWS);
    // Every replicate group of sorted x is kept, as the array path keeps them; none where x does
    // not repeat (the array path counts them first and then has no test: no pure error), so that
    // 10⁷ distinct x do not cost 10⁷ group means.
    const distinct = input.data.vars.length === 1 ? sortedDistinct(input.data.vars[0]) : -1;
    const maxGroups = distinct > 0 && distinct < m ? distinct : 0;
    const chunked = streamStatistics({ kernels: bound.kernels, params: full, source, freeParameters: k, maxGroups });
    return { ...chunked, notes: [], extendedPrecision: false };
  }
  const residuals = finalResiduals(input.model, params.free, input.data, bound.data.w, full, s.values);
  return {
    chi2: residuals.chi2,
    rss: residuals.rss,
    stats: goodnessOfFit({ y: input.data.y, w: bound.data.w, chi2: residuals.chi2, rss: residuals.rss, freeParameters: k }),
    // The model values are needed for nothing else: the residuals replace them in their array.
    diagnostics: residualDiagnostics({ vars: input.data.vars, y: input.data.y, f: residuals.values, w: bound.data.w, chi2: residuals.chi2, freeParameters: k, reuseF: true }),
    notes: [],
    extendedPrecision: residuals.extendedPrecision,
  };
}

/** The warnings for free parameters that can be swapped without changing the curve (exchangeable.ts). */
function exchangeWarnings({ input, params, bound }: SummaryInput, full: Float64Array): string[] {
  const spec = (i: number) => input.parameters.find((p) => p.name === params.names[i]);
  const pairs = exchangeablePairs({
    kernels: bound.kernels,
    vars: bound.data.vars,
    rows: bound.rows,
    full,
    names: params.names,
    free: params.free,
    bounds: (i) => ({ min: spec(i)?.min ?? -Infinity, max: spec(i)?.max ?? Infinity }),
  });
  return pairs.map((pair) => exchangeWarning(params.names, pair, { full }));
}

/** The warning that names the parameters of one undetermined group. */
function undeterminedWarning(names: string[]): string {
  return names.length > 1
    ? `The data cannot determine ${names.join(' and ')} separately: only a combination of them is determined, so they have no standard errors or intervals. Fix all but one of them or add data that separates them.`
    : `The data do not determine "${names[0]}": the model does not change with it, so it has no standard error or interval. Fix it or check the model.`;
}

export function summarize(s: SummaryInput): FitResult {
  const { input, params, bound, result } = s;
  const k = params.free.length;
  const full = Float64Array.from(params.base);
  params.free.forEach((idx, j) => (full[idx] = result.x[j]));
  const residuals = s.streamed
    ? { ...streamStatistics({ kernels: bound.kernels, params: full, source: s.streamed.source, freeParameters: k, maxGroups: s.streamed.maxGroups, passes: s.streamed.passes }), extendedPrecision: false }
    : inMemoryStatistics(s, full);
  return summarizeFit(
    {
      ...s,
      parameters: input.parameters,
      m: bound.rows,
      // A streamed fit does not hold y to count its zeros; the sentence then omits the count.
      weightingText: describeWeighting(s.weighting, s.streamed ? s.streamed.source.weighted : Boolean(input.data.sigma), s.weighting === 'poisson' && !s.streamed ? zeroCounts(input.data.y) : 0),
      // Rows in memory only: a streamed fit would read a chunk again for this.
      exchangeWarnings: s.streamed ? undefined : (at) => exchangeWarnings(s, at),
    },
    residuals,
  );
}

/** The residual statistics at the solution, however the model was evaluated (summarize's, or an ODE fit's). */
export type ResidualSummary = StreamStatistics & { readonly extendedPrecision: boolean };

/** What the reported numbers need besides the residual statistics: the solver's end point and the fit's log. */
export interface FitSummaryInput {
  readonly parameters: readonly ParameterSpec[];
  readonly params: ResolvedParameters;
  readonly result: TrfResult;
  /** Residuals (the covariance's m). */
  readonly m: number;
  readonly absoluteSigma: boolean;
  readonly confidenceLevel: number;
  readonly phases: PhaseRecord[];
  readonly history: FitResult['history'];
  readonly warnings: string[];
  readonly loss: Loss;
  readonly started: number;
  /** How the points were weighted, in words (weights.ts, describeWeighting). */
  readonly weightingText: string;
  /** Warnings for parameters that can be swapped without changing the curve, at the full parameters. */
  readonly exchangeWarnings?: (full: Float64Array) => string[];
}

/**
 * The covariance, the parameter table (se, Student-t intervals, t and p values) and the fit's
 * record from the solver's end point and residual statistics: one place for every kind of model.
 */
export function summarizeFit(s: FitSummaryInput, residuals: ResidualSummary): FitResult {
  const { params, result, phases, history, warnings, loss, m } = s;
  const k = params.free.length;
  const full = Float64Array.from(params.base);
  params.free.forEach((idx, j) => (full[idx] = result.x[j]));
  warnings.push(...residuals.notes);
  // scipy's cost: ½Σρ. For the linear loss it is ½χ², which the extended-precision pass sharpens.
  const cost = loss.name === 'linear' ? 0.5 * residuals.chi2 : result.cost;
  const cov = curveFitCovariance({ linear: result.linear, m, cost, absoluteSigma: s.absoluteSigma });
  warnings.push(...cov.warnings);
  const freeName = (j: number) => params.names[params.free[j]];
  for (const group of cov.undetermined) warnings.push(undeterminedWarning(group.map(freeName)));
  const undetermined = cov.undetermined.flat().sort((a, b) => a - b).map(freeName);
  if (s.exchangeWarnings) warnings.push(...s.exchangeWarnings(full));
  const stderr = standardErrors(cov.pcov, k);
  const stats = residuals.stats;
  const level = s.confidenceLevel;
  const tValue = stats.dof > 0 ? studentTQuantile(1 - (1 - level) / 2, stats.dof) : NaN;
  const freeIndex = new Map(params.free.map((idx, j) => [idx, j]));
  const parameters: ParameterResult[] = params.names.map((name, i) => {
    const j = freeIndex.get(i);
    const spec = s.parameters.find((p) => p.name === name);
    return parameterRow({ name, value: full[i], stderr: j === undefined ? NaN : stderr[j], free: j !== undefined, start: params.base[i], spec, atBound: j === undefined ? 0 : result.activeMask[j], tValue, dof: stats.dof });
  });
  return {
    success: result.success,
    status: result.status,
    message: result.message,
    parameters,
    free: params.free.map((i) => params.names[i]),
    pcov: cov.pcov,
    correlation: correlation(cov.pcov, k),
    cost,
    stats,
    confidenceLevel: level,
    tValue,
    optimality: result.optimality,
    undetermined,
    weighting: s.weightingText,
    diagnostics: residuals.diagnostics,
    nfev: phases.reduce((sum, p) => sum + p.nfev, 0),
    njev: phases.reduce((sum, p) => sum + p.njev, 0),
    nit: phases.reduce((sum, p) => sum + p.nit, 0),
    phases,
    history,
    warnings,
    extendedPrecision: residuals.extendedPrecision,
    fitMs: now() - s.started,
  };
}
