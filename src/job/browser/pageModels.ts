/**
 * The page's compiled models by (text, columns), closed-form, ODE and implicit (compiledCache.ts:
 * the last few kept), each checked against the page's limits on parameters and tape size
 * (limits.ts) before a kernel is built; their errors as the page's (the model field).
 */
import { compileEquation, compileModel, compileOde, parseStatements, type CompiledModel, type CompiledOde } from '../../model/index';
import type { Status } from '../protocol/status';
import { compiledCache } from './compiledCache';
import { parameterLimit, tapeLimit } from './limits';

const modelError = (e: { readonly code: string; readonly message: string }): Status<never> => ({ ok: false, error: { code: e.code, message: e.message, field: 'model' } });

const closedForms = compiledCache<Status<CompiledModel>>();
const odes = compiledCache<Status<CompiledOde>>();
const equations = compiledCache<Status<CompiledModel>>();

/** A compiled model within the page's limits, checked before any kernel is built: the tape is the model with its derivatives (cached). */
function withinLimits(result: ReturnType<typeof compileModel>): Status<CompiledModel> {
  if (!result.ok) return modelError(result.error);
  const tooLarge = parameterLimit(result.value.params.length) ?? tapeLimit(result.value.tape().instrs.length);
  return tooLarge ? { ok: false, error: tooLarge } : result;
}

export function compiled(text: string, columns: readonly string[]): Status<CompiledModel> {
  return closedForms(text, columns, () => withinLimits(compileModel(text, { columns })));
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
  return equations(text, columns, () => withinLimits(compileEquation(text, { columns })));
}
