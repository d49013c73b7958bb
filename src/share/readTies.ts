/**
 * A link's `ties` (issue 10: tied parameters, FitSpec.ties) checked field by field: a list of
 * {name, expression}, each name a parameter of the model given once. The expressions are kept as
 * text: one that cannot be applied (it does not parse, uses a name the model lacks, or a tied
 * parameter) is reported at its parameter's row on the page (src/state/ties.ts), rather than
 * refusing the whole link, so that nothing in it is lost.
 */
import { MAX_DERIVED_CHARS } from './limits';
import { array, fail, object, string } from './schema';
import type { DerivedRow } from './types';

export function readTies(v: unknown, path: string, params: readonly string[]): DerivedRow[] {
  // A Set of names, never a plain object: "__proto__" may be a parameter like any other.
  const seen = new Set<string>();
  return array(v, path, Math.max(params.length, 1)).map((item, i) => {
    const o = object(item, `${path}[${i}]`, ['name', 'expression']);
    const name = string(o.name, `${path}[${i}].name`, 1, 64);
    if (!params.includes(name)) fail(`${path}[${i}].name`, `is not a parameter of the model (${params.join(', ')})`, name);
    if (seen.has(name)) fail(`${path}[${i}].name`, 'is tied twice', name);
    seen.add(name);
    return { name, expression: string(o.expression, `${path}[${i}].expression`, 1, MAX_DERIVED_CHARS) };
  });
}
