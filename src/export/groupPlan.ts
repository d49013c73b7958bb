/**
 * What the exporters (the CLI command, the Python script) make of a spec's groups (issue 9): the
 * group column, the picked keys, and the mode with its shared parameters, normalized once so that
 * the command and the script always repeat the same fit.
 *
 * - Shared names that are not free parameters of the spec's table are left out: a fixed
 *   parameter is one value for every group already (the global fit refuses it as shared), and a
 *   name the table lacks belongs to an older model.
 * - A global fit with no shared parameter left is the per-group fits, exactly (the joint problem
 *   separates into one independent problem per group; issue 9's acceptance): it is exported as
 *   per-group fits, and the CLI, which needs at least one --shared name for a global fit, agrees.
 * - An empty pick means every group, as an absent one (a fit of no group is no fit).
 * - A mixed-effects fit (issue 25) keeps its random names that are free parameters of the table,
 *   in the table's order, as the page fits them (state/selectors/groupFits.ts effectiveRandom).
 *   With none left the page refuses the fit ("mark at least one parameter as random"); the export
 *   is then the per-group fits, never a --random with nothing after it.
 */
import type { FitSpec, MixedGroupSpec } from '../share/types';

export interface ExportGroups {
  readonly column: string;
  readonly mode: 'each' | 'global' | 'mixed';
  /** Free parameters shared by every group (non-empty in 'global', empty otherwise). */
  readonly shared: readonly string[];
  /** 'mixed': the random parameters (non-empty), Ψ's form and the likelihood; null otherwise. */
  readonly mixed: MixedGroupSpec | null;
  /** Keys of the groups fitted, as written in the file; null: every group. */
  readonly pick: readonly string[] | null;
}

export function exportGroups(spec: FitSpec): ExportGroups | null {
  const g = spec.groups;
  if (!g) return null;
  const free = new Set(spec.parameters.filter((p) => !p.fixed).map((p) => p.name));
  const shared = g.mode === 'global' ? [...new Set(g.shared)].filter((name) => free.has(name)) : [];
  const pick = g.pick && g.pick.length > 0 ? [...new Set(g.pick)] : null;
  const mixed = g.mode === 'mixed' && g.mixed ? g.mixed : null;
  const random = mixed ? spec.parameters.filter((p) => !p.fixed && mixed.random.includes(p.name)).map((p) => p.name) : [];
  if (mixed && random.length > 0) return { column: g.column, mode: 'mixed', shared: [], mixed: { random, cov: mixed.cov, method: mixed.method }, pick };
  return { column: g.column, mode: shared.length > 0 ? 'global' : 'each', shared, mixed: null, pick };
}
