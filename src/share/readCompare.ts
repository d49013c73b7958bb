/**
 * A link's `compare` (issue 10, FitSpec.compare): the second model typed in "Compare with another
 * model" and its fixed list, kept as text so that nothing typed is lost. Nothing is compiled here:
 * the text goes to the card, which compiles it like typed text when Compare is pressed.
 */
import { MAX_MODEL_LENGTH } from '../model/index';
import { object, string } from './schema';
import type { CompareDraftSpec } from './types';

/** The fixed list's longest text (`K=0.05, n=2`…). */
const MAX_FIXED_CHARS = 4096;

export function readCompare(v: unknown, path: string): CompareDraftSpec {
  const o = object(v, path, ['model', 'fixed']);
  return { model: string(o.model, `${path}.model`, 1, MAX_MODEL_LENGTH), fixed: string(o.fixed, `${path}.fixed`, 0, MAX_FIXED_CHARS) };
}
