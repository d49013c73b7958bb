/**
 * Tied parameters on the page (issue 10; lmfit's `expr`, the CLI's --tie): `b = 2*a` set from b's
 * row. Every worker call (the live curve, fits, group and global fits, start searches; profiles
 * and comparisons follow the fit the worker ran) takes the model with each tie written in
 * (src/fit/ties.ts, the CLI's code) and the rows without the tied parameters, so the fit has one
 * parameter fewer and the constraint holds exactly. The tied row shows its value computed from
 * the others; after a fit, its value and delta-method error appear with the derived quantities.
 *
 * A tie whose parameter is not in the model (it was renamed away) waits, unused. A tie that can
 * no longer be applied (the parameters it uses left the model, or one of them got tied) is an
 * error at its row, and stops fits and the curve until it is mended or untied.
 */
import type { DerivedSpec } from '../fit/derived';
import { rewriteTies, tieProblem } from '../fit/ties';
import { compileModel, interpretPoint, type CompiledModel } from '../model/index';
import type { WorkerError } from '../worker/api';
import { modelColumns } from './selectors/modelColumns';
import type { ParamRow, TieRow } from './slices/params';
import type { AppState } from './store';

export interface TiedModel {
  /** The model text the worker is given: each tie in use written in. */
  readonly text: string;
  /** The rows the worker is given: the tied parameters left out. */
  readonly params: readonly ParamRow[];
  /** The ties in use, in the model's parameter order. */
  readonly active: readonly TieRow[];
  /** Ties that cannot be applied, keyed by parameter: why. */
  readonly errors: ReadonlyMap<string, string>;
}

type TieInputs = Pick<AppState, 'modelText' | 'modelInfo' | 'params' | 'ties' | 'mapping' | 'table'>;

let last: { key: readonly unknown[]; value: TiedModel } | null = null;

/** The model and rows the worker is given (memoized on the inputs' identities: components select it). */
export function tiedModel(s: TieInputs): TiedModel {
  const key = [s.modelText, s.modelInfo, s.params, s.ties, s.mapping];
  if (last && last.key.every((k, i) => k === key[i])) return last.value;
  const value = computeTied(s);
  last = { key, value };
  return value;
}

function computeTied(s: TieInputs): TiedModel {
  const names = s.modelInfo.params;
  const inModel = s.modelInfo.error ? [] : s.ties.filter((t) => names.includes(t.name));
  if (inModel.length === 0) return { text: s.modelText, params: s.params, active: [], errors: new Map() };
  const errors = new Map<string, string>();
  for (const tie of inModel) {
    const problem = tieProblem(tie, names, inModel);
    if (problem) errors.set(tie.name, `${tie.name} = ${tie.expression}: ${problem.message}`);
  }
  const active = names.flatMap((n) => inModel.filter((t) => t.name === n && !errors.has(n)));
  if (errors.size > 0) return { text: s.modelText, params: s.params, active, errors };
  const tied = new Set(active.map((t) => t.name));
  return { text: rewriteTies(s.modelText, modelColumns(s), active), params: s.params.filter((r) => !tied.has(r.name)), active, errors };
}

/** Why the ties stop a fit (at the first broken tie's row), or null. */
export function tieBlocker(s: TieInputs): WorkerError | null {
  const [first] = tiedModel(s).errors;
  if (!first) return null;
  const [param, message] = first;
  return { code: 'tie', message: `${message} Mend the tie in ${param}'s row, or untie it.`, param, field: 'parameter' };
}

const compiledTies = new Map<string, CompiledModel | null>();

function compiledTie(expression: string): CompiledModel | null {
  if (!compiledTies.has(expression)) {
    if (compiledTies.size > 200) compiledTies.clear();
    const c = compileModel(expression, { columns: [] });
    compiledTies.set(expression, c.ok ? c.value : null);
  }
  return compiledTies.get(expression) ?? null;
}

/** A tied parameter's value at the rows' values (null while a value it uses is empty). */
export function tiedValue(tie: DerivedSpec, rows: readonly ParamRow[]): number | null {
  return tieAt(tie, new Map(rows.map((r) => [r.name, r.value])));
}

/** A tie's value at named parameter values (null when it does not compile or a value is missing). */
export function tieAt(tie: DerivedSpec, values: ReadonlyMap<string, number | null>): number | null {
  const model = compiledTie(tie.expression);
  if (!model) return null;
  const at = model.params.map((p) => values.get(p) ?? null);
  if (at.some((v) => v === null)) return null;
  return interpretPoint(model.tape(), at as number[], [], 0).value;
}
