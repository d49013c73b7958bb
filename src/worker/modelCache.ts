/** Compiled models by (text, columns), closed-form and ODE (src/job/browser/compiledCache.ts), their errors as the page's. */
import { compileEquation, compileModel, compileOde, parseStatements, type CompiledModel, type CompiledOde } from '../model/index';
import type { Status } from './api';
import { compiledCache } from '../job/browser/compiledCache';
import { parameterLimit, tapeLimit } from '../job/browser/limits';

const modelError = (e: { readonly code: string; readonly message: string }): Status<never> => ({ ok: false, error: { code: e.code, message: e.message, field: 'model' } });

const closedForms = compiledCache<Status<CompiledModel>>();
const odes = compiledCache<Status<CompiledOde>>();
const equations = compiledCache<Status<CompiledModel>>();

export function compiled(text: string, columns: readonly string[]): Status<CompiledModel> {
  return closedForms(text, columns, () => {
    const result = compileModel(text, { columns });
    if (!result.ok) return modelError(result.error);
    // Checked before any kernel is built: the tape is the model with its derivatives (cached).
    const tooLarge = parameterLimit(result.value.params.length) ?? tapeLimit(result.value.tape().instrs.length);
    return tooLarge ? { ok: false, error: tooLarge } : result;
  });
}

/** An ODE model's statements parsed against the columns and compiled (issue 23). */
export function compiledOde(text: string, columns: readonly string[]): Status<CompiledOde> {
  return odes(text, columns, () => {
    const spec = parseStatements(text, { columns });
    if (!spec.ok) return modelError(spec.error);
    const c = compileOde(spec.value);
    return c.ok ? { ok: true, value: c.value } : modelError(c.error);
  });
}

/** An implicit model (issue 24): one equation g = lhs − rhs over the columns (model/equation.ts). */
export function compiledEquation(text: string, columns: readonly string[]): Status<CompiledModel> {
  return equations(text, columns, () => {
    const result = compileEquation(text, { columns });
    if (!result.ok) return modelError(result.error);
    const tooLarge = parameterLimit(result.value.params.length) ?? tapeLimit(result.value.tape().instrs.length);
    return tooLarge ? { ok: false, error: tooLarge } : result;
  });
}
