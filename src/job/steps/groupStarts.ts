/**
 * Start values for a grouped fit where the parameter table leaves some out and no guesser gives
 * each group its own: the automatic start search (src/start) runs once on the rows of all groups
 * together, and its fitted values start every group (and the global fit). One search, not one per
 * group: the search costs hundreds of evaluations, and groups of one experiment share the curve's
 * scale; a group whose own minimum lies far from the pooled one still converges from it in the
 * usual case, and given starts choose where it does not.
 */
import type { GroupInput } from '../../fit/groupInput';
import type { ParameterSpec } from '../../fit/parameters';
import type { FitData } from '../../fit/types';
import type { CompiledModel } from '../../model';
import { autoStart } from '../../start/index';
import type { StartSearch } from '../job';

/** The groups' rows stacked into one dataset (columns aligned as in each group). */
function pooled(groups: readonly GroupInput[]): FitData {
  const used = groups.filter((g) => g.data.y.length > 0);
  const stack = (pick: (d: FitData) => Float64Array) => {
    const out = new Float64Array(used.reduce((n, g) => n + g.data.y.length, 0));
    let at = 0;
    for (const g of used) {
      out.set(pick(g.data), at);
      at += g.data.y.length;
    }
    return out;
  };
  const vars = (used[0]?.data.vars ?? []).map((_, k) => stack((d) => d.vars[k] as Float64Array));
  const weighted = used.length > 0 && used.every((g) => g.data.sigma);
  return { vars, y: stack((d) => d.y), sigma: weighted ? stack((d) => d.sigma as Float64Array) : null };
}

/** What the pooled search did: the parameters it filled and the candidates it scored. */
export interface PooledStarts {
  readonly searched: readonly string[];
  readonly candidates: number;
}

/**
 * The parameter table with every missing free start filled from one search over all groups' rows
 * (`found` null: every start was given, the table as it is).
 */
export async function fillGroupStarts(model: CompiledModel, groups: readonly GroupInput[], parameters: readonly ParameterSpec[], search: Pick<StartSearch, 'starts' | 'seed'>): Promise<{ parameters: ParameterSpec[]; found: PooledStarts | null }> {
  const missing = parameters.filter((p) => !p.fixed && (p.value === null || p.value === undefined)).map((p) => p.name);
  if (missing.length === 0) return { parameters: [...parameters], found: null };
  const found = await autoStart(model, pooled(groups), parameters, { starts: search.starts ?? undefined, seed: search.seed });
  const values = new Map(found.fit.parameters.map((p) => [p.name, p.value]));
  return {
    parameters: parameters.map((p) => (missing.includes(p.name) ? { ...p, value: values.get(p.name) ?? null } : p)),
    found: { searched: missing, candidates: found.candidates },
  };
}
