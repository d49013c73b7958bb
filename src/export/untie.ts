/**
 * A spec's tied parameters (issue 10, FitSpec.ties) for the exports: the model with each tie
 * written in (src/fit/ties.ts, as the page and the CLI's --tie fit it) and the parameter rows
 * without the tied ones. The Python script fits that model and prints the tied values; the
 * command line passes --tie for a single fit, and the written-in model for group fits (the CLI
 * takes --tie on one fit only).
 */
import type { DerivedSpec } from '../fit/derived';
import { tieParameters } from '../fit/ties';
import type { FitSpec } from '../share/types';

export interface UntiedSpec {
  /** The spec with the ties written into its model, their rows left out, and no `ties`. */
  readonly spec: FitSpec;
  /** The ties written in, in the spec's order. */
  readonly ties: readonly DerivedSpec[];
}

/** Throws RangeError for a tie that cannot be applied (the page stops such a fit before it runs). */
export function untieSpec(spec: FitSpec): UntiedSpec {
  const { ties: specTies, ...rest } = spec;
  const ties = (specTies ?? []).map(({ name, expression }) => ({ name, expression }));
  if (ties.length === 0) return { spec: rest, ties };
  let model: string;
  try {
    model = tieParameters(spec.model, spec.columns.x, ties);
  } catch (error) {
    throw new RangeError(`The ties cannot be applied: ${error instanceof Error ? error.message : String(error)}`);
  }
  const tied = new Set(ties.map((t) => t.name));
  return { spec: { ...rest, model, parameters: spec.parameters.filter((p) => !tied.has(p.name)) }, ties };
}
