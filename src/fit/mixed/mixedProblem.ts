/**
 * A nonlinear mixed-effects fit's problem as the alternation (mixedFit.ts solveMixed) sees it,
 * whatever the model: the parameter table and the random parameters (checked by mixedSetup), and
 * each fitted group's terms (../groupTerms.ts: a closed-form model's kernels, mixedFit; an ODE
 * model's integrations, ode/odeJoint.ts).
 */
import type { GroupTerms } from '../groupTerms';
import { FitInputError, resolveParameters } from '../parameters';
import type { MixedInput } from './types';

/** What the alternation needs of a mixed-effects problem, whatever its model (see MixedProblem). */
export interface MixedSetup {
  /** The model's parameter names, its free ones (model indices), their starts and fixed values in `base`. */
  readonly names: readonly string[];
  readonly free: readonly number[];
  readonly base: Float64Array;
  /** Position in `free` of each random parameter. */
  readonly rho: readonly number[];
}

/**
 * A mixed-effects fit's problem over groups' terms (../groupTerms.ts): mixedFit builds it from a
 * closed-form model's kernels, ode/odeMixed.ts from an ODE model's integrations; solveMixed runs
 * the same alternation on either.
 */
export interface MixedProblem extends MixedSetup {
  readonly input: Pick<MixedInput, 'random' | 'cov' | 'method' | 'options' | 'signal' | 'onIteration'>;
  /** Every input group's key and rows skipped (missing values), in input order. */
  readonly groups: readonly { readonly key: string; readonly skipped: number }[];
  /** The input index of each fitted group, and its terms (same order). */
  readonly fittedIndex: readonly number[];
  readonly terms: readonly GroupTerms[];
  /** Σ log wᵢ over the fitted rows (weightsLogLik). */
  readonly logWeights: number;
  /** Why fitted group g's residuals are not finite at the start, in the user's terms (null: unknown). */
  readonly startFailure?: (g: number) => string | null;
  readonly started: number;
}

/** The parameter table, the fixed effects and the random parameters' positions, checked. */
export function mixedSetup(modelParams: readonly string[], input: Pick<MixedInput, 'parameters' | 'random'>): MixedSetup {
  const params = resolveParameters(modelParams, input.parameters);
  const names = params.names;
  const free = params.free;
  if (free.length === 0) throw new FitInputError('no-free-parameters', 'Every parameter is fixed: free at least one to fit.');
  if (input.random.length === 0) throw new FitInputError('no-random', 'Name at least one parameter with a random effect (--random), e.g. --random ' + names[free[0]] + '.');
  const rho = input.random.map((name) => {
    const i = names.indexOf(name);
    if (i < 0) throw new FitInputError('unknown-parameter', `Unknown random parameter "${name}": the model's parameters are ${names.join(', ')}.`);
    const at = free.indexOf(i);
    if (at < 0) throw new FitInputError('random-fixed', `"${name}" is fixed (--fix), so it cannot vary between groups: free it or drop it from the random parameters.`);
    return at;
  });
  if (new Set(rho).size !== rho.length) throw new FitInputError('random-repeated', `A random parameter is named twice (${input.random.join(', ')}).`);
  return { names, free, base: Float64Array.from(params.base), rho };
}

