/**
 * An ODE model in a link (issue 23): its integration settings (`ode`: method, rtol, atol) and the
 * columns it reads. The statements are read with the model's own validated parser
 * (parseStatements), never evaluated; the link's columns must agree with them:
 *
 * - columns.x is the time column alone; no `~` line may observe it;
 * - columns.y and columns.sigma are the first `~` line's column and σ column, or, for a one-state
 *   model without a `~` line, the column observed as that state (the CLI's --y and --sigma rule);
 * - the data carry the time column, then each observed column followed by its σ column, each once.
 *
 * Tolerances as the CLI takes them: 0 < rtol < 1, atol > 0.
 */
import { ODE_METHODS } from '../fit/ode/odeDefaults';
import { parseStatements, type OdeModelSpec } from '../model/index';
import { usedColumns } from './fingerprint';
import { fail, Invalid, object, oneOf, positive } from './schema';
import type { ColumnMapping, FitSpec, OdeSettings } from './types';

/** One observed column and the column of its σ (null: unweighted). */
export interface OdeObserved {
  readonly column: string;
  readonly sigma: string | null;
}

/** What a fit reads from its data: the used columns in order, and which of them are σ columns. */
export interface DataColumns {
  readonly names: readonly string[];
  readonly sigmas: readonly string[];
}

export function readOdeSettings(v: unknown, path: string): OdeSettings {
  const o = object(v, path, ['method', 'rtol', 'atol']);
  const rtol = positive(o.rtol, `${path}.rtol`);
  if (!(rtol < 1)) fail(`${path}.rtol`, 'must be below 1', rtol);
  return { method: oneOf(o.method, `${path}.method`, ODE_METHODS), rtol, atol: positive(o.atol, `${path}.atol`) };
}

/** The observed columns of `model` under the spec's columns (see the module docblock); stops with
 *  an Invalid naming the field that disagrees. */
export function odeObserved(model: OdeModelSpec, columns: ColumnMapping): OdeObserved[] {
  if (columns.x.length !== 1) fail('columns.x', `must name exactly one column, the time column, for an ODE model (it names ${columns.x.length})`);
  const time = columns.x[0];
  const observed: OdeObserved[] = model.observations.length > 0
    ? model.observations.map((o) => ({ column: o.column, sigma: o.sigma ?? null }))
    : [{ column: columns.y, sigma: columns.sigma }];
  const first = observed[0];
  if (columns.y !== first.column) fail('columns.y', `must be "${first.column}", the column of the model's first ~ line`, columns.y);
  if (columns.sigma !== first.sigma) fail('columns.sigma', first.sigma === null ? 'must be null: the first ~ line names no σ column' : `must be "${first.sigma}", the σ column of the first ~ line`, columns.sigma);
  for (const o of observed) {
    if (o.column === time || o.sigma === time) fail('columns.x', `names "${time}" as time, which a ~ line observes: the time column cannot be a response or a σ`);
  }
  return observed;
}

/** The data columns of observations over `time`: time first, then each column and its σ, each once. */
export function odeDataColumns(time: string, observed: readonly OdeObserved[]): DataColumns {
  const names = [time];
  const sigmas: string[] = [];
  for (const o of observed) {
    if (!names.includes(o.column)) names.push(o.column);
    if (o.sigma !== null && !names.includes(o.sigma)) {
      names.push(o.sigma);
      sigmas.push(o.sigma);
    }
  }
  return { names, sigmas };
}

/**
 * The columns a spec's data hold (inline columns, fingerprint order): x…, y, sigma for a
 * closed-form model (usedColumns), the time and observed columns for an ODE model. Throws
 * RangeError for an ODE spec whose statements do not parse (validate specs first).
 */
export function specDataColumns(spec: Pick<FitSpec, 'model' | 'columns' | 'ode'>): DataColumns {
  if (!spec.ode) return { names: usedColumns(spec.columns), sigmas: spec.columns.sigma === null ? [] : [spec.columns.sigma] };
  const parsed = parseStatements(spec.model);
  if (!parsed.ok) throw new RangeError(`specDataColumns: ${parsed.error.message}`);
  try {
    return odeDataColumns(spec.columns.x[0] ?? '', odeObserved(parsed.value, spec.columns));
  } catch (e) {
    if (e instanceof Invalid) throw new RangeError(`specDataColumns: ${e.message}`);
    throw e;
  }
}
