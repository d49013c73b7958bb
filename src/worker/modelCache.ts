/** Compiled models by (text, columns): the kernels are built once and reused by every slider move. */
import { compileModel, type CompiledModel } from '../model/index';
import type { Status } from './api';
import { parameterLimit, tapeLimit } from '../job/browser/limits';

const cache = new Map<string, CompiledModel>();
const LIMIT = 8;

export function compiled(text: string, columns: readonly string[]): Status<CompiledModel> {
  const key = `${columns.join('\u0001')}\u0000${text}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return { ok: true, value: hit };
  }
  const result = compileModel(text, { columns });
  if (!result.ok) return { ok: false, error: { code: result.error.code, message: result.error.message, field: 'model' } };
  // Checked before any kernel is built: the tape is the model with its derivatives (cached).
  const tooLarge = parameterLimit(result.value.params.length) ?? tapeLimit(result.value.tape().instrs.length);
  if (tooLarge) return { ok: false, error: tooLarge };
  cache.set(key, result.value);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value as string);
  return result;
}
