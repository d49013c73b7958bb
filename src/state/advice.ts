/**
 * What a fit's outcome means for the person at the screen: a verdict, and advice in words they
 * can act on (a bad start, a bound in the way, a parameter the data cannot determine, the budget
 * used up). Pure: it reads the result and the parameter table, nothing else.
 */
import type { FitResult } from '../fit/types';
import type { WorkerError } from '../worker/api';

export type Verdict = 'converged' | 'budget' | 'cancelled' | 'failed';

export function verdict(result: FitResult): Verdict {
  if (result.status === -2) return 'cancelled';
  if (result.status === 0) return 'budget';
  if (result.status < 0 || !result.success) return 'failed';
  return 'converged';
}

export const VERDICT_TEXT: Record<Verdict, string> = {
  converged: 'Converged',
  budget: 'Stopped: evaluation budget used up',
  cancelled: 'Cancelled: kept the last accepted parameters',
  failed: 'The fit failed',
};

export interface Advice {
  readonly tone: 'warning' | 'info';
  readonly text: string;
}

const fmt = (v: number) => (v === 0 || Math.abs(v) >= 1e-3 && Math.abs(v) < 1e6 ? String(Number(v.toPrecision(6))) : v.toExponential(3));

export function adviseResult(result: FitResult): Advice[] {
  const out: Advice[] = [];
  const v = verdict(result);
  if (v === 'budget') {
    const nfev = result.phases.at(-1)?.nfev ?? result.nfev;
    out.push({ tone: 'warning', text: `The solver used all ${nfev} evaluations before it converged. Start closer (Guess, or move the sliders until the curve follows the data), or raise "Max evaluations" in the solver options and fit again from here.` });
  }
  if (v === 'cancelled') out.push({ tone: 'info', text: 'The parameters are the last accepted ones. Fit again to continue from them.' });
  for (const p of result.parameters) {
    if (p.fixed || p.atBound === 0) continue;
    const side = p.atBound < 0 ? 'lower' : 'upper';
    const bound = p.atBound < 0 ? p.min : p.max;
    out.push({ tone: 'warning', text: `"${p.name}" ended at its ${side} bound (${fmt(bound)}): the best fit may lie beyond it. Widen the bound if that is physically allowed; its error bars are not meaningful while it sits there.` });
  }
  for (const w of result.warnings) out.push({ tone: 'warning', text: w });
  if (v === 'converged' && result.stats.dof > 0 && result.stats.r2 < 0 && Number.isFinite(result.stats.r2)) {
    out.push({ tone: 'warning', text: 'R² is negative: the model fits worse than a flat line through the mean. The fit may have found a poor local minimum; try other start values.' });
  }
  return out;
}

/** Advice for a fit that could not run. */
export function adviseError(error: WorkerError): string | null {
  switch (error.code) {
    case 'nonfinite-x0':
      return 'The model is not finite at the start values on some data points (a log or sqrt of a negative number, a division by zero, an overflowing exp). Check the start values and the model’s domain; the curve shows where it breaks.';
    case 'start-outside-bounds':
      return 'Move the start value inside its bounds, or widen the bounds.';
    case 'bounds':
      return 'Each lower bound must be below its upper bound; leave a bound empty for none.';
    case 'too-few-rows':
      return 'Fix some parameters (tick “fixed”) or use more data.';
    case 'no-free-parameters':
      return 'Untick “fixed” on at least one parameter.';
    case 'missing-start':
      return 'Give the parameter a start value.';
    default:
      return null;
  }
}
