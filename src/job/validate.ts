/**
 * A fit job's clash rules, in one place (issue 22; Ceres' `IsValid`): which settings do not go
 * together, and which fits take checkpoints. The adapters ask here; the CLI words a clash as the
 * option that causes it, the page as the setting to change.
 */
import type { CompareClash } from './compare';
import { runsStartSearch, type FitJob } from './job';

/** Why a job's settings clash, as a code an adapter words; null when they do not. */
export type JobClash = 'varpro-poisson' | 'profile-robust-loss' | 'stream-needs-rows' | 'compare-least-squares' | GroupClash | OdeClash | OdrClash | AssayClash;

/**
 * The assay steps (issue 26: steps/assay.ts) read the rows of one fit in memory; unknowns and
 * predictions are of a curve of one variable; ROUT's robust and final fits are least squares.
 * An errors-in-x fit of y = f(x) (issue 24) runs the predictions only: ŷ with its confidence
 * interval from ODRPACK's covariance (steps/odrRun.ts); the other steps refit the ordinary way.
 */
export type AssayClash = 'assay-needs-rows' | 'assay-one-variable' | 'rout-least-squares' | 'rout-compare-model' | 'assay-odr-predict-only' | 'assay-ode-predict-only';

/** The group mode's clashes (groups.ts). */
export type GroupClash = 'groups-source' | 'odr-groups-mixed' | 'odr-global-implicit' | 'odr-global-compare' | 'groups-one-dataset' | 'global-needs-shared' | 'shared-needs-global' | 'compare-needs-global' | 'mixed-needs-random' | 'random-needs-mixed';

/**
 * What an ODE model (issue 23) does not run with yet: the Poisson likelihood and VarPro (their
 * loops evaluate a closed-form model), profile intervals per group, ties (substituted into a closed-form
 * model's text) and the GPU (the integrators are float64 on the CPU). A missing start runs the
 * ODE start search (src/start/ode).
 */
export type OdeClash = 'ode-poisson' | 'ode-varpro' | 'ode-profile' | 'ode-ties' | 'ode-gpu';

/**
 * What errors in x (issue 24, fit/odr) do not run with yet: the Poisson likelihood, VarPro and
 * robust losses (its loop is least squares over β and every δ), profile intervals, ties, the GPU
 * (the arrow system is solved in float64 on the CPU), and an implicit model's start search (an
 * equation has no ordinary fit to start from: give every start).
 */
export type OdrClash = 'odr-poisson' | 'odr-varpro' | 'odr-loss' | 'odr-ties' | 'odr-gpu' | 'odr-implicit-starts';

/**
 * Which fits are checkpointed: the state saved is the main trust-region phase's, so fits that run
 * a loop of their own around it are not (the Poisson reweighting rounds, VarPro's reduced fit, a
 * group batch, a model comparison's second fit). Returns what prevents it, or null.
 */
export type NotCheckpointed = 'objective' | 'varpro' | 'groups' | 'compare-model' | 'ode' | 'odr';

export function notCheckpointed(fit: { readonly objective?: FitJob['objective']; readonly varpro?: boolean; readonly grouped?: boolean; readonly compareModel?: boolean; readonly data?: Pick<FitJob['data'], 'kind'> }): NotCheckpointed | null {
  if (fit.grouped) return 'groups';
  if (fit.data?.kind === 'ode') return 'ode';
  if (fit.data?.kind === 'odr' || fit.data?.kind === 'odr-groups') return 'odr';
  if (fit.objective === 'poisson') return 'objective';
  if (fit.varpro) return 'varpro';
  if (fit.compareModel) return 'compare-model';
  return null;
}

/** The clash of an ODE job's settings, or null (see OdeClash). */
function odeClash(job: Pick<FitJob, 'objective' | 'varpro' | 'intervals' | 'options' | 'data' | 'parameters' | 'start' | 'ties' | 'backend'>): OdeClash | 'profile-robust-loss' | null {
  if (job.objective === 'poisson') return 'ode-poisson';
  if (job.varpro) return 'ode-varpro';
  // One fit's profile refits it with each parameter held (fit/ode/odeProfile.ts); per-group profiles do not run yet.
  if (job.intervals === 'profile' && job.data.kind === 'ode-groups') return 'ode-profile';
  if (job.intervals === 'profile' && (job.options.loss ?? 'linear') !== 'linear') return 'profile-robust-loss';
  if (job.ties.length > 0) return 'ode-ties';
  if (job.backend === 'gpu') return 'ode-gpu';
  return null;
}

/** The clash of an errors-in-x job's settings, or null (see OdrClash). */
function odrClash(job: Pick<FitJob, 'objective' | 'varpro' | 'intervals' | 'options' | 'parameters' | 'start' | 'ties' | 'backend'>, implicit: boolean): OdrClash | null {
  if (job.objective === 'poisson') return 'odr-poisson';
  if (job.varpro) return 'odr-varpro';
  if ((job.options.loss ?? 'linear') !== 'linear') return 'odr-loss';
  if (job.ties.length > 0) return 'odr-ties';
  if (job.backend === 'gpu') return 'odr-gpu';
  if (implicit && runsStartSearch(job)) return 'odr-implicit-starts';
  return null;
}

export function jobClash(job: Pick<FitJob, 'objective' | 'varpro' | 'intervals' | 'options' | 'data' | 'parameters' | 'start' | 'ties' | 'backend' | 'compareModel'>): JobClash | null {
  // The F test and AICc of a model comparison (compare.ts) are least-squares statistics of rows in memory.
  if (job.compareModel && (job.data.kind !== 'memory' || job.objective !== 'least-squares' || (job.options.loss ?? 'linear') !== 'linear')) return 'compare-least-squares';
  if (job.data.kind === 'ode' || job.data.kind === 'ode-groups') return odeClash(job);
  if (job.data.kind === 'odr' || job.data.kind === 'odr-groups') return odrClash(job, job.data.implicit);
  if (job.objective === 'poisson' && job.varpro) return 'varpro-poisson';
  // A streamed source holds one chunk at a time: what reads all rows at once cannot run on it.
  if (job.data.kind === 'stream' && (runsStartSearch(job) || job.objective === 'poisson' || job.varpro || job.intervals === 'profile')) return 'stream-needs-rows';
  if (job.intervals === 'profile' && (job.options.loss ?? 'linear') !== 'linear') return 'profile-robust-loss';
  return null;
}

export function assayClash(job: Pick<FitJob, 'assay' | 'data' | 'objective' | 'options' | 'compareModel'>): AssayClash | null {
  const a = job.assay;
  if (!a || (!a.unknowns && !a.predict && !a.outliers && !a.bootstrap)) return null;
  if (job.data.kind === 'odr') {
    if (a.unknowns || a.outliers || a.bootstrap || job.data.implicit) return 'assay-odr-predict-only';
    return job.data.model.variables.length !== 1 ? 'assay-one-variable' : null;
  }
  // An ODE fit reads each response off at new times (steps/odeRun.ts); the rest is not built for it.
  if (job.data.kind === 'ode') return a.unknowns || a.outliers || a.bootstrap ? 'assay-ode-predict-only' : null;
  if (job.data.kind !== 'memory') return 'assay-needs-rows';
  if ((a.unknowns || a.predict) && job.data.model.variables.length !== 1) return 'assay-one-variable';
  if (a.outliers && (job.objective !== 'least-squares' || (job.options.loss ?? 'linear') !== 'linear')) return 'rout-least-squares';
  // ROUT's fit has fewer rows than the second model would be fitted to.
  if (a.outliers && job.compareModel) return 'rout-compare-model';
  return null;
}

/**
 * A grouped job: its rows must be a `groups` source and the reverse; what fits one dataset
 * (the Poisson likelihood, VarPro, ties and derived quantities) does not run per group yet (the
 * intervals of group rows are Wald's whatever `intervals` says); a global fit needs a shared parameter (with none it is the per-group fit), and only a
 * global fit takes shared parameters, and a global or mixed fit a comparison with the per-group fits.
 */
export function groupClash(job: Pick<FitJob, 'groups' | 'data' | 'objective' | 'varpro' | 'ties' | 'derive'>): GroupClash | null {
  const g = job.groups;
  if ((g !== undefined) !== (job.data.kind === 'groups' || job.data.kind === 'ode-groups' || job.data.kind === 'odr-groups')) return 'groups-source';
  if (!g) return null;
  if (job.objective !== 'least-squares' || job.varpro || job.ties.length + job.derive.length > 0) return 'groups-one-dataset';
  if (g.mode === 'global' && g.shared.length === 0) return 'global-needs-shared';
  if (g.mode !== 'global' && g.shared.length > 0) return 'shared-needs-global';
  if (g.compare && g.mode === 'per-group') return 'compare-needs-global';
  if (g.mode === 'mixed' && !(g.mixed && g.mixed.random.length > 0)) return 'mixed-needs-random';
  if (g.mode !== 'mixed' && g.mixed) return 'random-needs-mixed';
  // Errors in x per group (steps/odrGroups.ts) and global (steps/odrGlobal.ts: one ODR problem of
  // y = f(x), the implicit models' augmented Lagrangian is of one fit); the mixed fit's PNLS has no δ per row yet.
  if (job.data.kind === 'odr-groups' && g.mode === 'mixed') return 'odr-groups-mixed';
  if (job.data.kind === 'odr-groups' && g.mode === 'global' && job.data.implicit) return 'odr-global-implicit';
  // The comparison's F test reads the per-group batch, not each group's ODR fit.
  if (job.data.kind === 'odr-groups' && g.mode === 'global' && g.compare) return 'odr-global-compare';
  return null;
}

/** A job that cannot run, with a message that names the setting and the fix. */
export class JobInputError extends Error {
  constructor(
    readonly clash: JobClash | NotCheckpointed | CompareClash,
    message: string,
  ) {
    super(message);
    this.name = 'JobInputError';
  }
}

const CLASH_TEXT: Record<JobClash, string> = {
  'varpro-poisson': 'VarPro is a least-squares option: turn it off for a Poisson likelihood fit.',
  'profile-robust-loss': 'Profile intervals need the least-squares loss: use the linear loss or Wald intervals.',
  'stream-needs-rows': 'The start search, the Poisson likelihood, VarPro and profile intervals need all rows in memory: give every start, use least squares and Wald intervals, or hold the rows in memory.',
  'groups-source': 'A grouped fit needs its rows split into groups, and rows split into groups need a group mode: give both or neither.',
  'groups-one-dataset': 'The Poisson likelihood, VarPro, ties and derived quantities work on one fit: fit one group, or use least squares without them.',
  'global-needs-shared': 'Mark at least one parameter as shared for a global fit (with none shared it is the same as fitting each group).',
  'shared-needs-global': 'Shared parameters belong to a global fit: fit globally, or share none.',
  'compare-needs-global': 'The comparison with the per-group fits is of a global fit (with shared parameters) or a mixed-effects fit: fit globally or with mixed effects.',
  'mixed-needs-random': 'Mark at least one parameter as random for a mixed-effects fit (its value varies between groups around the fixed effect).',
  'random-needs-mixed': 'Random effects belong to a mixed-effects fit: fit with mixed effects, or mark none random.',
  'odr-groups-mixed': 'Mixed effects do not run with errors in x yet: fit each group on its own, or globally with shared parameters.',
  'odr-global-implicit': 'A global fit with errors in x fits y = f(x): an implicit model\'s groups are fitted each on its own.',
  'odr-global-compare': 'The comparison with the per-group fits does not run with errors in x yet: drop the comparison (each group\'s own ODR fit is the per-group mode).',
  'compare-least-squares': 'A model comparison compares two least-squares fits of one dataset in memory: use the linear loss, least squares and no groups.',
  'ode-poisson': 'An ODE model is fitted by least squares: the Poisson likelihood does not run with it yet.',
  'ode-varpro': 'VarPro eliminates the linear parameters of a closed-form model: turn it off for an ODE model.',
  'ode-profile': 'Profile intervals of an ODE model fitted per group do not run yet: use Wald intervals, or fit one group alone.',
  'ode-ties': 'Ties substitute into a closed-form model: write the tied expression into the ODE model\'s statements instead.',
  'ode-gpu': 'An ODE model is integrated in float64 on the CPU: ask for the CPU or automatic backend.',
  'odr-poisson': 'Errors in x are fitted by least squares: the Poisson likelihood does not run with them yet.',
  'odr-varpro': 'VarPro does not run with errors in x yet: turn it off.',
  'odr-loss': 'Errors in x are fitted by least squares only: use the linear loss.',
  'odr-ties': 'Ties do not run with errors in x yet: write the tied expression into the model.',
  'odr-gpu': 'Errors in x are fitted in float64 on the CPU: ask for the CPU or automatic backend.',
  'odr-implicit-starts': 'An implicit model has no ordinary fit to search starts with: give every free parameter a start value.',
  'assay-ode-predict-only': 'Of the assay options an ODE model runs --predict (each response at new times) only: drop the unknowns, outliers and bootstrap.',
  'assay-needs-rows': 'Outliers, unknowns and predictions are computed on one fit with its rows in memory: fit one dataset in memory, without groups or streaming.',
  'assay-one-variable': 'Unknowns and predictions are read off a curve of one variable: the model must use one column.',
  'rout-least-squares': 'ROUT runs its own robust fit, then least squares: use the linear loss and least squares.',
  'assay-odr-predict-only': 'With errors in x only predictions at new x run (of y = f(x), not an implicit model): turn off the unknowns, ROUT and the bootstrap, or clear the σx columns.',
  'rout-compare-model': 'ROUT leaves rows out of the fit, and a model comparison needs both models on the same rows: drop one of them (or exclude the outliers by line).',
};

/** The sentence that says a clash and its fix (the page's words; the CLI refuses in its options' words first). */
export const clashMessage = (clash: JobClash): string => CLASH_TEXT[clash];

/**
 * A fit's settings, before there is a job (the CLI checks its options before it reads the file):
 * which of them are set. `loss` is the robust loss's name ('linear': least squares).
 */
export interface FitSettings {
  readonly grouped: boolean;
  readonly loss: string;
  /** A start search was asked for (the CLI's --starts). */
  readonly starts: boolean;
  readonly poisson: boolean;
  readonly checkpoint: boolean;
  /** A σ column or a weighting from y. */
  readonly weights: boolean;
  readonly profile: boolean;
}

/** A setting that clashes with VarPro, the Poisson likelihood or a model comparison (see SETTING_CLASHES). */
export type SettingClash = 'groups' | 'loss' | 'starts' | 'poisson' | 'checkpoint' | 'weights' | 'profile';

/**
 * What each of these fits of one dataset does not combine with, in the order it is reported:
 * VarPro solves the linear parameters by least squares from given starts (the start search already
 * solves them at every candidate); Poisson counts carry their own variance and the likelihood has
 * no robust loss or profile here; a model comparison's F test and AICc are least-squares statistics
 * of one dataset. None is checkpointed (notCheckpointed) or runs per group (groupClash).
 */
const SETTING_CLASHES = {
  varpro: ['groups', 'loss', 'starts', 'poisson', 'checkpoint'],
  poisson: ['groups', 'checkpoint', 'weights', 'loss', 'profile'],
  'compare-model': ['groups', 'poisson', 'loss', 'checkpoint'],
} as const satisfies Record<string, readonly SettingClash[]>;

const HOLDS: Record<SettingClash, (s: FitSettings) => boolean> = {
  groups: (s) => s.grouped,
  loss: (s) => s.loss !== 'linear',
  starts: (s) => s.starts,
  poisson: (s) => s.poisson,
  checkpoint: (s) => s.checkpoint,
  weights: (s) => s.weights,
  profile: (s) => s.profile,
};

/** The first setting that `fit` does not combine with, or null. */
export function settingClash(fit: keyof typeof SETTING_CLASHES, settings: FitSettings): SettingClash | null {
  return SETTING_CLASHES[fit].find((c) => HOLDS[c](settings)) ?? null;
}

/**
 * What a streamed source (issue 12: one chunk in memory at a time) cannot run, in the order the
 * adapters report it: groups and row filters (they split or pick rows of the whole file), the start
 * search, VarPro, the Poisson likelihood and profile intervals (the job's 'stream-needs-rows'), a
 * model comparison and a report's plots (they read every row again), the GPU (it uploads the
 * columns), and weights from y (the chunks carry σ only).
 */
export type StreamClash = 'groups' | 'filters' | 'start-search' | 'varpro' | 'poisson' | 'profile' | 'compare-model' | 'report' | 'gpu' | 'weights';

const STREAM_CLASHES: readonly StreamClash[] = ['groups', 'filters', 'start-search', 'varpro', 'poisson', 'profile', 'compare-model', 'report', 'gpu', 'weights'];

/** The first of a streamed fit's settings that needs all rows in memory (`asks`: which are set), or null. */
export function streamClash(asks: Partial<Record<StreamClash, boolean>>): StreamClash | null {
  return STREAM_CLASHES.find((c) => asks[c]) ?? null;
}

/** Checks a job once, before anything runs; throws JobInputError on a clash. */
export function validateJob(job: FitJob): FitJob {
  const clash = groupClash(job) ?? jobClash(job) ?? assayClash(job);
  if (clash) throw new JobInputError(clash, CLASH_TEXT[clash]);
  if (job.checkpoint) {
    const why = notCheckpointed({ ...job, grouped: job.groups !== undefined, compareModel: job.compareModel !== undefined });
    if (why) throw new JobInputError(why, `This fit is not checkpointed (${why}); drop the checkpoint.`);
  }
  return job;
}
