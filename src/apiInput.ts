/**
 * The programmatic API's input (issue 22): the typed options of `fit` and `fitGroups` and their
 * checks, each naming the field and the fix, and the columns, parameters and options as the fit
 * job takes them, as the CLI's argv parser (src/cli/args.ts) gives them for a file.
 */
import type { FitData } from './data';
import type { FitOptions, Method } from './fit/defaults';
import type { DerivedSpec } from './fit/derived';
import type { ParameterSpec } from './fit/parameters';
import { tieParameters } from './fit/ties';
import type { Weighting } from './fit/weights';
import type { BackendRequest } from './job/job';
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

/** A call whose input cannot be fitted, naming the field and the fix. */
export class FitApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FitApiError';
  }
}

export const specs = (map: Readonly<Record<string, string>> | undefined): DerivedSpec[] => Object.entries(map ?? {}).map(([name, expression]) => ({ name, expression }));

export function column(data: FitInput['data'], name: string, role: string): Float64Array {
  const values = data[name];
  if (!values) throw new FitApiError(`fit: ${role} "${name}" is not a column of data (${Object.keys(data).join(', ')}).`);
  const out = Float64Array.from(values);
  const bad = out.findIndex((v) => !Number.isFinite(v) || (role === 'sigma' && !(v > 0)));
  if (bad >= 0) throw new FitApiError(`fit: data.${name}[${bad}] is ${out[bad]}; every ${role === 'sigma' ? 'σ must be a positive number' : 'value must be a finite number'}.`);
  return out;
}

/** The model compiled against the columns (ties substituted), as the CLI compiles it against a file's. */
export function compiled(input: Pick<FitInput, 'model' | 'tie'> & { readonly data: object }): CompiledModel {
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
export function rows(input: FitInput, model: CompiledModel): FitData {
  const yName = input.y ?? 'y';
  const vars = model.variables.map((v) => column(input.data, v, 'variable'));
  const y = column(input.data, yName, 'y');
  const sigma = input.sigma ? column(input.data, input.sigma, 'sigma') : null;
  for (const [name, c] of [...model.variables.map((v, i) => [v, vars[i]] as const), ...(sigma ? [[input.sigma!, sigma] as const] : [])]) {
    if (c.length !== y.length) throw new FitApiError(`fit: data.${name} has ${c.length} values and data.${yName} ${y.length}; give columns of one length.`);
  }
  return { names: { x: [...model.variables], y: yName, sigma: input.sigma ?? null }, vars, varsLo: vars.map((v) => new Float64Array(v.length)), y, yLo: new Float64Array(y.length), sigma, rows: y.length, lines: Int32Array.from(y, (_, i) => i + 2), dropped: [], droppedCount: 0 };
}

export function parameters(input: Pick<FitInput, 'p0' | 'bounds' | 'fix'>, params: readonly string[]): ParameterSpec[] {
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

export function options(input: Omit<FitInput, 'model' | 'data'>): FitOptions {
  const o: FitOptions = { loss: input.loss ?? 'linear', fScale: input.fScale, ftol: input.ftol, xtol: input.xtol, gtol: input.gtol, maxNfev: input.maxNfev, xScale: input.xScale ?? 'jac', method: input.method ?? 'auto', absoluteSigma: input.absoluteSigma ?? false, weights: input.weights };
  // As the CLI's: an option not given is absent, so that the solver's defaults apply.
  for (const key of Object.keys(o) as (keyof FitOptions)[]) if (o[key] === undefined) delete o[key];
  return o;
}
