/**
 * The programmatic API (issue 22): `import { fit } from 'fitbench'` in Node. The options are the
 * command line's, typed; the data are columns by name; the result is the object `fitbench fit
 * --json` prints (src/job/report/json.ts), from the same fit job and runner (src/job) over the
 * same Node host, so both give the same numbers for the same rows.
 */
import type { FitData } from './data';
import type { FitOptions, Method } from './fit/defaults';
import type { DerivedSpec } from './fit/derived';
import type { ParameterSpec } from './fit/parameters';
import { tieParameters } from './fit/ties';
import type { Weighting } from './fit/weights';
import type { BackendRequest, FitJob } from './job/job';
import { nodeHost } from './job/node/host';
import { fitReport } from './job/report/json';
import { runJob } from './job/run';
import { compileModel, type CompiledModel } from './model';
import type { LossName } from './solver/loss';

export interface FitInput {
  /** The model, e.g. "a*exp(-t/tau) + c": identifiers that name a data column are variables, the others parameters. */
  readonly model: string;
  /** The columns by name, all of one length. */
  readonly data: Readonly<Record<string, ArrayLike<number>>>;
  /** The response column (default "y"). */
  readonly y?: string;
  /** Per-point standard deviations (weights 1/σ). */
  readonly sigma?: string;
  /** Start values; missing ones are found by the automatic start search. */
  readonly p0?: Readonly<Record<string, number>>;
  readonly bounds?: Readonly<Record<string, readonly [number, number]>>;
  readonly fix?: Readonly<Record<string, number>>;
  /** Parameters defined by the others, e.g. { b: '2*a' }. */
  readonly tie?: Readonly<Record<string, string>>;
  /** Quantities of the fitted parameters reported with delta-method errors, e.g. { half: 'ln(2)*tau' }. */
  readonly derive?: Readonly<Record<string, string>>;
  readonly loss?: LossName;
  readonly fScale?: number;
  readonly ftol?: number;
  readonly xtol?: number;
  readonly gtol?: number;
  readonly maxNfev?: number;
  readonly xScale?: 'jac' | number;
  readonly method?: Method;
  readonly absoluteSigma?: boolean;
  readonly weights?: Weighting;
  readonly mle?: 'poisson';
  readonly varpro?: boolean;
  readonly ci?: 'wald' | 'profile';
  readonly starts?: number;
  readonly seed?: number;
  readonly workers?: number;
  readonly backend?: BackendRequest;
}

/** What `fit` returns: the CLI's --json object. */
export type FitReport = ReturnType<typeof fitReport>;

/** A call whose input cannot be fitted, naming the field and the fix. */
export class FitApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FitApiError';
  }
}

const specs = (map: Readonly<Record<string, string>> | undefined): DerivedSpec[] => Object.entries(map ?? {}).map(([name, expression]) => ({ name, expression }));

function column(data: FitInput['data'], name: string, role: string): Float64Array {
  const values = data[name];
  if (!values) throw new FitApiError(`fit: ${role} "${name}" is not a column of data (${Object.keys(data).join(', ')}).`);
  const out = Float64Array.from(values);
  const bad = out.findIndex((v) => !Number.isFinite(v) || (role === 'sigma' && !(v > 0)));
  if (bad >= 0) throw new FitApiError(`fit: data.${name}[${bad}] is ${out[bad]}; every ${role === 'sigma' ? 'σ must be a positive number' : 'value must be a finite number'}.`);
  return out;
}

/** The model compiled against the columns (ties substituted), as the CLI compiles it against a file's. */
function compiled(input: FitInput): CompiledModel {
  const names = Object.keys(input.data);
  const model = compileModel(tieParameters(input.model, names, specs(input.tie)), { columns: names });
  if (!model.ok) throw new FitApiError(`fit: model: ${model.error.message}`);
  if (model.value.variables.length === 0) throw new FitApiError(`fit: the model uses none of the columns (${names.join(', ')}); write it in terms of a column name.`);
  return model.value;
}

/**
 * The selected rows, as the CLI's selectColumns gives them: every row, and decimal residuals of 0
 * (a number given is its own exact value; the CLI keeps lo = decimal text − double, and with lo
 * present the final χ² is summed in double-double, src/fit/residuals.ts).
 */
function rows(input: FitInput, model: CompiledModel): FitData {
  const yName = input.y ?? 'y';
  const vars = model.variables.map((v) => column(input.data, v, 'variable'));
  const y = column(input.data, yName, 'y');
  const sigma = input.sigma ? column(input.data, input.sigma, 'sigma') : null;
  for (const [name, c] of [...model.variables.map((v, i) => [v, vars[i]] as const), ...(sigma ? [[input.sigma!, sigma] as const] : [])]) {
    if (c.length !== y.length) throw new FitApiError(`fit: data.${name} has ${c.length} values and data.${yName} ${y.length}; give columns of one length.`);
  }
  return { names: { x: [...model.variables], y: yName, sigma: input.sigma ?? null }, vars, varsLo: vars.map((v) => new Float64Array(v.length)), y, yLo: new Float64Array(y.length), sigma, rows: y.length, lines: Int32Array.from(y, (_, i) => i + 2), dropped: [], droppedCount: 0 };
}

function parameters(input: FitInput, params: readonly string[]): ParameterSpec[] {
  for (const [field, map] of [['p0', input.p0], ['bounds', input.bounds], ['fix', input.fix]] as const) {
    for (const name of Object.keys(map ?? {})) if (!params.includes(name)) throw new FitApiError(`fit: ${field}: the model has no parameter "${name}"; its parameters are ${params.join(', ')}.`);
  }
  return params.map((name) => {
    const fixed = input.fix?.[name];
    if (fixed !== undefined && input.p0?.[name] !== undefined) throw new FitApiError(`fit: "${name}" is given in both p0 and fix; keep one.`);
    const bound = input.bounds?.[name];
    return { name, value: fixed ?? input.p0?.[name] ?? null, min: bound?.[0], max: bound?.[1], fixed: fixed !== undefined };
  });
}

function options(input: FitInput): FitOptions {
  const o: FitOptions = { loss: input.loss ?? 'linear', fScale: input.fScale, ftol: input.ftol, xtol: input.xtol, gtol: input.gtol, maxNfev: input.maxNfev, xScale: input.xScale ?? 'jac', method: input.method ?? 'auto', absoluteSigma: input.absoluteSigma ?? false, weights: input.weights };
  // As the CLI's: an option not given is absent, so that the solver's defaults apply.
  for (const key of Object.keys(o) as (keyof FitOptions)[]) if (o[key] === undefined) delete o[key];
  return o;
}

/** The fit job of an API call. */
export function apiJob(input: FitInput): FitJob {
  const model = compiled(input);
  return {
    model: input.model,
    ties: specs(input.tie),
    data: { kind: 'memory', model, data: rows(input, model) },
    parameters: parameters(input, model.params),
    options: options(input),
    objective: input.mle === 'poisson' ? 'poisson' : 'least-squares',
    varpro: input.varpro ?? false,
    start: { always: input.starts !== undefined, starts: input.starts ?? null, seed: input.seed ?? 0 },
    intervals: input.ci ?? 'wald',
    derive: specs(input.derive),
    checkpoint: null,
    backend: input.backend ?? 'auto',
    workers: input.workers ?? null,
  };
}

/** Fits `input.model` to `input.data`; resolves to the report `fitbench fit --json` prints. */
export async function fit(input: FitInput): Promise<FitReport> {
  const job = apiJob(input);
  const run = await runJob(job, nodeHost());
  if (job.data.kind !== 'memory') throw new Error('unreachable: the API fits columns in memory');
  const data = job.data.data;
  const facts = { ...run, file: '', model: input.model, rows: data.rows, y: data.names.y, sigma: data.names.sigma, parseMs: 0 };
  return fitReport(run.result, facts, run.profile);
}
