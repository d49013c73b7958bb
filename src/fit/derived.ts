/**
 * Derived quantities (issue 10): an expression of the fitted parameters (a half-life ln(2)/k, an
 * EC50 = 10^logEC50, a ratio a/b) with its standard error by the delta method,
 *   se² = ∇gᵀ Σ ∇g,   Σ = the fit's covariance of the free parameters,
 * the gradient taken exactly from the expression's derivative tape (the model compiler's), and the
 * fit's Wald interval g ± t·se (Bates & Watts 1988, §2.3; R's car::deltaMethod, lmfit's
 * uncertainties). Fixed parameters carry no variance. A quantity whose gradient points along an
 * undetermined parameter has no finite error (null), like that parameter.
 */
import { compileModel } from '../model/index';
import { interpretPoint } from '../model/index';
import { FitInputError } from './parameters';
import type { FitResult } from './types';

export interface DerivedSpec {
  readonly name: string;
  readonly expression: string;
}

export interface DerivedQuantity {
  readonly name: string;
  readonly expression: string;
  readonly value: number;
  /** Delta-method standard error; Infinity when it rests on an undetermined parameter. */
  readonly stderr: number;
  readonly ciLower: number;
  readonly ciUpper: number;
  /** Why the value is not a finite number (then stderr and the interval are NaN); null when it is. */
  readonly note?: string | null;
}

/**
 * Compiles a derived expression over `params` (no data columns), or says what is wrong with it.
 * `columns`, where known (the data's column names): a name or an identifier that is a column is
 * refused as such, since a derived quantity is a number computed from the fitted parameters.
 */
export function compileDerived(spec: DerivedSpec, params: readonly string[], columns: readonly string[] = []) {
  const compiled = compileModel(spec.expression, { columns: [] });
  if (!compiled.ok) throw new FitInputError('derived', `Derived quantity "${spec.name}": ${compiled.error.message}`);
  const ofData = compiled.value.params.filter((p) => columns.includes(p) && !params.includes(p));
  if (ofData.length > 0) {
    throw new FitInputError('derived', `Derived quantity "${spec.name}" uses the data column${ofData.length === 1 ? '' : 's'} ${ofData.map((u) => `"${u}"`).join(', ')}: a derived quantity is one number computed from the fitted parameters (${params.join(', ')}), not a value per row; write it in terms of the parameters.`);
  }
  if (columns.includes(spec.name)) throw new FitInputError('derived', `Derived quantity "${spec.name}" has the name of a data column: a derived quantity is of the parameters, so the name would read as the column; give it another name.`);
  const unknown = compiled.value.params.filter((p) => !params.includes(p));
  if (unknown.length > 0) {
    throw new FitInputError('derived', `Derived quantity "${spec.name}" uses ${unknown.map((u) => `"${u}"`).join(', ')}, which ${unknown.length === 1 ? 'is not a parameter' : 'are not parameters'} of the model; its parameters are ${params.join(', ')}.`);
  }
  if (params.includes(spec.name)) throw new FitInputError('derived', `Derived quantity "${spec.name}" has the name of a model parameter; give it another name.`);
  return compiled.value;
}

/** The derived quantities of a finished fit, each with its delta-method error and interval. */
export function deriveQuantities(result: FitResult, specs: readonly DerivedSpec[]): DerivedQuantity[] {
  const names = result.parameters.map((p) => p.name);
  const values = new Map(result.parameters.map((p) => [p.name, p.value]));
  const k = result.free.length;
  return specs.map((spec) => {
    const model = compileDerived(spec, names);
    const at = model.params.map((p) => values.get(p)!);
    const { value, grads } = interpretPoint(model.tape(), at, [], 0);
    // ∇g over the fit's free parameters (fixed ones have no variance).
    const g = new Float64Array(k);
    model.params.forEach((p, i) => {
      const j = result.free.indexOf(p);
      if (j >= 0) g[j] = grads[i];
    });
    let variance = 0;
    let undetermined = false;
    for (let a = 0; a < k; a++) {
      if (g[a] === 0) continue;
      if (!Number.isFinite(result.pcov[a * k + a])) undetermined = true;
      for (let b = 0; b < k; b++) if (g[b] !== 0) variance += g[a] * result.pcov[a * k + b] * g[b];
    }
    if (!Number.isFinite(value)) {
      // "Infinity ± 0" read as a result (issue 27): say that there is none, and why.
      const at = model.params.map((p) => `${p} = ${values.get(p)}`).join(', ');
      const why = Number.isNaN(value)
        ? 'undefined (the log or sqrt of a negative number, 0/0, …)'
        : `${value > 0 ? '' : '−'}infinite (a division by zero, a negative power of 0, log(0), or an overflow)`;
      const note = `not finite: ${spec.expression} is ${why} at the fitted values${at ? ` (${at})` : ''}`;
      return { name: spec.name, expression: spec.expression, value, stderr: NaN, ciLower: NaN, ciUpper: NaN, note };
    }
    const stderr = undetermined || !Number.isFinite(variance) ? Infinity : Math.sqrt(Math.max(variance, 0));
    const half = result.tValue * stderr;
    return { name: spec.name, expression: spec.expression, value, stderr, ciLower: value - half, ciUpper: value + half, note: null };
  });
}

/** `name=expression` as the CLI and links write it. */
export function parseDerivedSpec(text: string): DerivedSpec | null {
  const at = text.indexOf('=');
  if (at <= 0) return null;
  const name = text.slice(0, at).trim();
  const expression = text.slice(at + 1).trim();
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || expression === '') return null;
  return { name, expression };
}

/** A reported quantity: a tied parameter's value (tied) or a derived quantity asked for. */
export type ReportedQuantity = DerivedQuantity & { readonly tied: boolean };

/** The reports' "derived" list (the CLI's JSON and text): the tied parameters first, then the derived quantities. */
export function reportedQuantities(result: FitResult, ties: readonly DerivedSpec[], derive: readonly DerivedSpec[]): ReportedQuantity[] {
  return [...deriveQuantities(result, ties).map((d) => ({ ...d, tied: true })), ...deriveQuantities(result, derive).map((d) => ({ ...d, tied: false }))];
}
