/**
 * A link's `derived` (issue 10: derived quantities, FitSpec.derived) checked field by field: a
 * list of {name, expression}, each name an identifier given once. The expressions are kept as
 * text and compiled where they are shown (src/state/derivedQuantities.ts), so one that does not
 * compile is reported at the derived-quantities field rather than refusing the whole link.
 */
import { MAX_DERIVED, MAX_DERIVED_CHARS } from './limits';
import { array, fail, object, string } from './schema';
import type { DerivedRow } from './types';

export function readDerived(v: unknown, path: string): DerivedRow[] {
  const seen = new Set<string>();
  return array(v, path, MAX_DERIVED).map((item, i) => {
    const o = object(item, `${path}[${i}]`, ['name', 'expression']);
    const name = string(o.name, `${path}[${i}].name`, 1, 64);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail(`${path}[${i}].name`, 'must be a name (letters, digits, _; not starting with a digit)', name);
    if (seen.has(name)) fail(`${path}[${i}].name`, 'is given twice', name);
    seen.add(name);
    return { name, expression: string(o.expression, `${path}[${i}].expression`, 1, MAX_DERIVED_CHARS) };
  });
}
