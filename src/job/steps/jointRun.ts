/**
 * The fit and compare steps of a grouped run's global and mixed modes (groupRun.ts's docblock),
 * over JointFits: a closed-form model's fits (groupRun.ts) or an ODE model's (odeJoint.ts), so
 * that both run one script: the mixed fit and `versus`'s structure, the likelihood-ratio tests
 * against the global fit and `versus` (src/fit/mixed/compareMixed.ts), the global fit and its
 * comparison with the per-group fits (src/fit/compare), each run's notes.
 */
import { compareFits } from '../../fit/compare/compareFits';
import type { GlobalResult } from '../../fit/global/types';
import { nestingProblem, versusGlobal, versusStructure } from '../../fit/mixed/compareMixed';
import type { RandomCov } from '../../fit/mixed/precisionFactor';
import type { MixedResult } from '../../fit/mixed/types';
import { FitInputError } from '../../fit/parameters';
import type { BatchRun } from '../groupHost';
import type { GlobalRun, MixedRun } from '../groupRun';
import type { FitJob } from '../job';
import type { PooledStarts } from './groupStarts';

/** The global fit is one joint problem (the arrow system on the CPU); the GPU batch kernel fits groups one by one. */
const GLOBAL_ON_CPU = '--backend gpu: global fits run on the CPU (the GPU batch kernel fits groups one by one).';

const MIXED_ON_CPU = '--backend gpu: mixed-effects fits run on the CPU.';

/** The joint fits of a grouped run, whatever the model: a closed-form model's (src/fit/global, src/fit/mixed) or an ODE model's (src/fit/ode/odeJoint.ts). */
export interface JointFits {
  mixed(structure: { readonly random: readonly string[]; readonly cov: RandomCov }): MixedResult;
  global(): Promise<GlobalResult>;
  /** Each group on its own (the comparison's per-group fits, on the CPU). */
  separate(): Promise<BatchRun>;
}

/** The fit and compare steps of a global or mixed run (the module docblock), on either model's fits. */
export async function runJoint(job: FitJob, fits: JointFits, at: { readonly now: () => number; readonly done?: () => void; readonly t0: number; readonly found: PooledStarts | null }): Promise<GlobalRun | MixedRun> {
  const g = job.groups!;
  const { t0, found, done } = at;
  if (g.mode === 'mixed' && g.mixed) {
    const { random, cov, versus } = g.mixed;
    const problem = versus ? nestingProblem({ random, cov }, versus) : null;
    if (problem) throw new FitInputError('random-not-nested', problem);
    const mixed = fits.mixed({ random, cov });
    const alternative = versus ? fits.mixed(versus) : null;
    done?.();
    const comparisons = [versusGlobal(mixed), ...(alternative ? [versusStructure(mixed, alternative)] : [])];
    const separate = g.compare ? await fits.separate() : null;
    const notes = [...mixed.warnings, ...(alternative?.warnings.map((w) => `The compared structure (${versus!.random.join(', ')}): ${w}`) ?? []), ...(job.backend === 'gpu' ? [MIXED_ON_CPU] : [])];
    return { mode: 'mixed', rows: mixed.rows, mixed, alternative, comparisons, separate, starts: found, notes, workers: separate?.workers ?? 0, fitMs: at.now() - t0 };
  }
  const global = await fits.global();
  done?.();
  const notes = [...global.warnings];
  // compare
  const separate = g.compare ? await fits.separate() : null;
  const comparison = separate ? compareFits(separate.result, global) : null;
  if (job.backend === 'gpu') notes.push(GLOBAL_ON_CPU);
  return { mode: 'global', rows: global.rows, global, separate, comparison, starts: found, notes, workers: separate?.workers ?? 0, fitMs: at.now() - t0 };
}
