/**
 * Start values of grouped fits: one parameter table for every group, where a library model's
 * guess (when given) supplies each group's own starts for the free parameters the table leaves
 * open; the table's bounds and fixed values always stand.
 */
import { resolveParameters, type ParameterSpec, type ResolvedParameters } from '../parameters';
import type { GroupGuess } from './types';

/** The parameter table with a placeholder start where a guess will supply one. */
export function tableFor(names: readonly string[], specs: readonly ParameterSpec[], guessing: boolean): ResolvedParameters {
  if (!guessing) return resolveParameters(names, specs);
  const given = new Map(specs.map((s) => [s.name, s]));
  const filled = names.map((name) => {
    const spec = given.get(name) ?? { name };
    if (spec.value != null || spec.fixed) return spec;
    const lo = spec.min ?? -Infinity;
    const hi = spec.max ?? Infinity;
    const value = Number.isFinite(lo) && Number.isFinite(hi) ? 0.5 * (lo + hi) : Number.isFinite(lo) ? lo + 1 : Number.isFinite(hi) ? hi - 1 : 1;
    return { ...spec, value };
  });
  for (const s of specs) if (!names.includes(s.name)) filled.push(s);
  return resolveParameters(names, filled);
}

/** The group's start values: the table's, with finite guesses for the free parameters that were not given. */
export function startValues(params: ResolvedParameters, specs: readonly ParameterSpec[], guess: GroupGuess | null | undefined, data: { vars: Float64Array[]; y: Float64Array }): Float64Array {
  const start = Float64Array.from(params.base);
  if (!guess || data.vars.length === 0) return start;
  const given = new Set(specs.filter((s) => s.value != null).map((s) => s.name));
  let guessed: readonly { name: string; value: number }[] = [];
  try {
    guessed = guess(data.vars[0], data.y);
  } catch {
    return start;
  }
  for (const g of guessed) {
    const i = params.names.indexOf(g.name);
    if (i < 0 || params.fixed[i] || given.has(g.name) || !Number.isFinite(g.value)) continue;
    const j = params.free.indexOf(i);
    start[i] = Math.min(Math.max(g.value, params.lb[j]), params.ub[j]);
  }
  return start;
}
