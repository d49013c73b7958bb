/**
 * Global fits: each free parameter is shared (one value for all groups) or local (one per group),
 * and one TRF runs over all groups' stacked residuals (solver/arrowTrf.ts), whose normal matrix is
 * an arrow solved through the Schur complement. Covariance as curve_fit computes it,
 * (JᵀJ)⁻¹·2·cost/(N − n), but only its diagonal blocks (solver/arrow.ts inverseBlocks), so every
 * parameter — the shared ones and each group's locals — gets a standard error and a t interval.
 * Groups that cannot take part (no usable rows, fewer rows than locals, non-finite residuals at
 * the start) are reported in their rows and the others are fitted.
 */
import type { ModelData } from '../../model/index';
import { now } from '../../solver/clock';
import { makeLoss, type Loss } from '../../solver/loss';
import { diagnoseNonFinite } from '../nonFinite';
import { prepareGroup } from '../batch/groupData';
import { startValues, tableFor } from '../batch/startValues';
import { DEFAULTS } from '../defaults';
import { kernelTerms } from '../groupTerms';
import { globalExchangeWarnings } from './exchangeable';
import { solveGlobal, splitShared, tooFewRows, type Exclusion, type GlobalParticipant } from './globalSolve';
import type { GlobalInput, GlobalResult } from './types';

interface Participant extends GlobalParticipant {
  readonly data: ModelData;
  /** The rows' lines in the file, for messages (null: unknown). */
  readonly lines: ArrayLike<number> | null;
}

/** A closed-form model's global fit: its groups' kernels (groupTerms.ts kernelTerms) into solveGlobal (globalSolve.ts). */
export async function globalFit(input: GlobalInput): Promise<GlobalResult> {
  const started = now();
  const { model, groups } = input;
  const opts = { ...DEFAULTS, ...input.options };
  const params = tableFor(model.params, input.parameters, Boolean(input.guess));
  const names = params.names;
  const { sharedIdx, localIdx } = splitShared(params, input.shared);
  const l = localIdx.length;
  const loss: Loss = makeLoss(opts.loss, opts.fScale);
  const kernels = model.kernels([...sharedIdx, ...localIdx]);
  const bound = (j: number, lo: boolean) => (lo ? params.lb : params.ub)[params.free.indexOf(j)];

  // Who takes part, and why not.
  const excluded = new Map<number, Exclusion>();
  const participants: Participant[] = [];
  groups.forEach((group, index) => {
    try {
      const prepared = prepareGroup(model, group.data);
      const few = tooFewRows(prepared.rows, prepared.skipped, l);
      if (few) {
        excluded.set(index, few);
        return;
      }
      const start = startValues(params, input.parameters, input.guess, prepared.data);
      participants.push({ index, data: prepared.data, rows: prepared.rows, skipped: prepared.skipped, start, lines: prepared.lines, terms: kernelTerms(kernels, prepared.data) });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      excluded.set(index, { code: typeof code === 'string' ? code : 'error', message: (error as Error).message, rows: group.data.y.length, skipped: 0 });
    }
  });

  return solveGlobal({
    started,
    params,
    sharedIdx,
    localIdx,
    loss,
    options: opts,
    keys: groups.map((g) => g.key),
    participants,
    excluded,
    // The row (its line in the file) and the cause, as a single fit says them (nonFinite.ts).
    diagnose: (g, full) => {
      const p = participants[g];
      const bound = { kernels: model.kernels(params.free), data: p.data, rows: p.rows, base: full, free: params.free, loss };
      return diagnoseNonFinite({ model, bound, sigma: null, params: full, lines: p.lines });
    },
    exchange: (full, fitted) => globalExchangeWarnings(names, fitted.map((p, g) => ({ key: groups[p.index].key, data: (p as Participant).data, rows: p.rows, full: full[g] })), { shared: sharedIdx, local: localIdx }, kernels, (i) => ({ min: bound(i, true), max: bound(i, false) })),
    signal: input.signal,
    onIteration: input.onIteration,
  });
}
