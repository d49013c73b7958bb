/**
 * The group mode of a fit job (issue 22): the job's rows are groups (a `groups` data source, split
 * by the adapter's data layer: a group column's values or a wide file's y columns, only the picked
 * keys), fitted each on its own ('per-group', src/fit/batch) or jointly with the `shared` parameters
 * common to all ('global', src/fit/global), optionally compared with the per-group fits
 * (src/fit/compare), or as a nonlinear mixed-effects model ('mixed', src/fit/mixed: the `mixed`
 * spec's random parameters vary between groups around the fixed effects). groupRun.ts runs it;
 * validate.ts holds its clash rules.
 */
import type { DataGroup } from '../data';
import type { GroupGuess } from '../fit/batch/types';
import type { CompiledModel } from '../model';
import type { RandomStructure } from '../fit/mixed/likelihoodRatio';
import type { RandomCov } from '../fit/mixed/precisionFactor';
import type { MixedMethod } from '../fit/mixed/profiledLogLik';
import type { FitJob } from './job';

export type GroupMode = 'per-group' | 'global' | 'mixed';

/** Mixed mode: which parameters get a random effect per group, Ψ's form and the likelihood. */
export interface MixedSpec {
  readonly random: readonly string[];
  readonly cov: RandomCov;
  readonly method: MixedMethod;
  /** Also fit this other random-effects structure (nested with the first, either way) and compare
   *  the two by a likelihood-ratio test (src/fit/mixed/compareMixed.ts); absent or null: only the
   *  comparison with the global fit. */
  readonly versus?: RandomStructure | null;
}

export interface JobGroups {
  /** The group column's name, or null for a wide split (one group per y column). */
  readonly column: string | null;
  /** Rows in no group (an empty group cell): left out of every fit. */
  readonly ungrouped: number;
  readonly mode: GroupMode;
  /** Global mode: the parameters with one value for all groups (every other free one is local). */
  readonly shared: readonly string[];
  /** Global mode: also fit each group on its own and compare (extra-sum-of-squares F test, AICc).
   *  Mixed mode: also fit each group on its own (the page's shrinkage plot sets them beside the
   *  mixed model's group estimates). */
  readonly compare: boolean;
  /** Each group's free starts guessed from its own data (a library model's guesser). */
  readonly guess: GroupGuess | null;
  /** Missing free starts found by one search over all groups' rows (steps/groupStarts.ts; the
   *  command line's rule); false: the table goes to the fits as it is (the page's). */
  readonly pooledStarts: boolean;
  /** Mixed mode: its random effects (absent or null in the other modes). */
  readonly mixed?: MixedSpec | null;
}

/** What an adapter says of a grouped fit; the rest of the job is what fits one dataset, left at its plain least-squares values. */
export type GroupedJobInput = Pick<FitJob, 'model' | 'parameters' | 'options' | 'start' | 'backend' | 'workers'> & {
  readonly mode: JobGroups;
} & (
  | { readonly compiled: CompiledModel; readonly groups: readonly DataGroup[] }
  /** Another grouped data kind (an ODE model's groups), given whole. */
  | { readonly data: FitJob['data'] }
);

/** A grouped fit job: the groups as its rows, `mode` as its `groups` field. */
export function groupedJob(g: GroupedJobInput): FitJob {
  return {
    model: g.model,
    ties: [],
    data: 'data' in g ? g.data : { kind: 'groups', model: g.compiled, groups: g.groups },
    parameters: g.parameters,
    options: g.options,
    objective: 'least-squares',
    varpro: false,
    start: g.start,
    intervals: 'wald',
    derive: [],
    checkpoint: null,
    backend: g.backend,
    workers: g.workers,
    groups: g.mode,
  };
}
