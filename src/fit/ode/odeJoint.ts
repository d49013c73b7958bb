/**
 * Global and mixed-effects fits of an ODE model over groups (issues 23, 25): every group's
 * observations are stacked and integrated on their own (odeTerms.ts), and the one global solver
 * (global/globalSolve.ts: the arrow system, shared and local parameters) or the one alternation of
 * PNLS and LME (mixed/mixedFit.ts solveMixed, Lindstrom & Bates 1990) runs on those terms exactly
 * as on a closed-form model's kernels. Every group starts from the parameter table's values (the
 * job's ODE start search fills missing ones over all groups' rows, job/steps/odeGroups.ts). A group
 * whose integration fails at the start is named with the time and state of the failure: the
 * global fit leaves it out (its row says why), the mixed fit stops (every group must take part).
 * Cancel stops the trust-region loop (and the alternation) between evaluations, as it stops the
 * closed-form fits: the integrations do not watch the signal, since an aborted one would read as a
 * failed group (one group's integration is short beside the fit's).
 */
import type { CompiledOde } from '../../model/odeCompile';
import type { AbortSignalLike } from '../../solver/evaluator';
import { now } from '../../solver/clock';
import { makeLoss } from '../../solver/loss';
import { DEFAULTS, fScaleProblem, type FitOptions } from '../defaults';
import { solveGlobal, splitShared, tooFewRows, type Exclusion, type GlobalParticipant } from '../global/globalSolve';
import type { GlobalResult } from '../global/types';
import { solveMixed, weightsLogLik } from '../mixed/mixedFit';
import { mixedSetup } from '../mixed/mixedProblem';
import type { MixedInput, MixedResult } from '../mixed/types';
import { resolveParameters, type ParameterSpec } from '../parameters';
import { integrationFailureText } from './integrationFailure';
import { ODE_DEFAULTS, type OdeIntegration } from './odeDefaults';
import type { IntegrationCounts } from './odeEvaluator';
import { observedColumns } from './odeFit';
import { odeTerms, type OdeTerms } from './odeTerms';
import { stackObservations, type OdeFitData } from './observations';

export interface OdeGroup {
  readonly key: string;
  readonly data: OdeFitData;
}

interface OdeJointInput {
  readonly model: CompiledOde;
  readonly groups: readonly OdeGroup[];
  readonly parameters: readonly ParameterSpec[];
  readonly integration?: Partial<OdeIntegration>;
  readonly signal?: AbortSignalLike;
}

export interface OdeGlobalInput extends OdeJointInput {
  readonly shared: readonly string[];
  readonly options?: FitOptions;
  readonly onIteration?: (iteration: number, cost: number, nfev: number) => void;
}

export type OdeMixedInput = OdeJointInput & Omit<MixedInput, 'model' | 'groups' | 'parameters' | 'signal'>;

/** A joint ODE fit's result and its integrations' counts (over every group). */
export interface OdeJoint<R> {
  readonly result: R;
  readonly counts: IntegrationCounts;
}

const newCounts = (): IntegrationCounts => ({ integrations: 0, failures: 0, steps: 0, fevals: 0 });

/** The group's failed integration at the start, in the user's terms (null: it did not fail). */
function startFailure(model: CompiledOde, terms: OdeTerms, key: string): string | null {
  const failure = terms.integrator.lastFailure;
  return failure ? integrationFailureText(model, failure, `at the start values of group "${key}"`) : null;
}

export function odeGlobalFit(input: OdeGlobalInput): OdeJoint<GlobalResult> {
  const started = now();
  const { model, groups } = input;
  const opts = { ...DEFAULTS, ...input.options };
  const fScale = fScaleProblem(opts.fScale);
  if (fScale) throw fScale;
  const integration = { ...ODE_DEFAULTS, ...input.integration };
  const params = resolveParameters(model.spec.params, input.parameters);
  const { sharedIdx, localIdx } = splitShared(params, input.shared);
  const wrt = [...sharedIdx, ...localIdx];
  const counts = newCounts();
  const excluded = new Map<number, Exclusion>();
  const participants: (GlobalParticipant & { readonly terms: OdeTerms })[] = [];
  groups.forEach((group, index) => {
    observedColumns(model, group.data);
    const rows = stackObservations(group.data);
    const few = tooFewRows(rows.m, 0, localIdx.length);
    if (few) excluded.set(index, few);
    else participants.push({ index, rows: rows.m, skipped: 0, start: Float64Array.from(params.base), terms: odeTerms(model, rows, wrt, integration, counts) });
  });
  const result = solveGlobal({
    started,
    params,
    sharedIdx,
    localIdx,
    loss: makeLoss(opts.loss, opts.fScale),
    options: opts,
    keys: groups.map((g) => g.key),
    participants,
    excluded,
    diagnose: (g) => {
      const text = startFailure(model, participants[g].terms, groups[participants[g].index].key);
      return text ? { code: 'ode-integration', message: text } : null;
    },
    signal: input.signal,
    onIteration: input.onIteration,
  });
  return { result, counts };
}

export function odeMixedFit(input: OdeMixedInput): OdeJoint<MixedResult> {
  const started = now();
  const { model, groups } = input;
  const setup = mixedSetup(model.spec.params, input);
  const integration = { ...ODE_DEFAULTS, ...input.integration };
  const counts = newCounts();
  const stacked = groups.map((g) => (observedColumns(model, g.data), stackObservations(g.data)));
  const fittedIndex = stacked.flatMap((rows, i) => (rows.m > 0 ? [i] : []));
  const terms = fittedIndex.map((i) => odeTerms(model, stacked[i], setup.free, integration, counts));
  const result = solveMixed({
    ...setup,
    input,
    groups: groups.map((g) => ({ key: g.key, skipped: 0 })),
    fittedIndex,
    terms,
    logWeights: weightsLogLik(fittedIndex.map((i) => stacked[i])),
    startFailure: (g) => startFailure(model, terms[g], groups[fittedIndex[g]].key),
    started,
  });
  return { result, counts };
}
