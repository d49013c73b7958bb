/**
 * Weighting schemes, each as the per-point σᵢ it implies (the solver minimizes Σ((yᵢ − fᵢ)/σᵢ)²),
 * named as in Prism's "weighting method" (a weight multiplies the squared residual: weight = 1/σ²):
 *   'sigma'    the σ column when one is given, else none (unweighted);
 *   '1/y'      weight 1/|y|, σ = √|y|;
 *   '1/y2'     weight 1/y², σ = |y| (Prism's "relative weighting": relative distances squared);
 *   'relative' the same as '1/y2';
 *   'poisson'  counts, σ² = y; an empty bin (y = 0) gets σ = 1 (as ROOT's χ² fits of histograms),
 *              since σ = 0 would give it infinite weight.
 * The σ are relative unless absoluteSigma: pcov is scaled by the reduced χ², as with a σ column.
 */
import { FitInputError } from './parameters';
import { rowName } from './rowName';
import type { FitData } from './types';

export type Weighting = 'sigma' | '1/y' | '1/y2' | 'relative' | 'poisson';
export const WEIGHTINGS: readonly Weighting[] = ['sigma', '1/y', '1/y2', 'relative', 'poisson'];

/** How each weighting is named in messages ("1/y²", not the option's spelling "1/y2"). */
const MODE_NAME: Record<Weighting, string> = { sigma: 'σ column', '1/y': '1/y', '1/y2': '1/y²', relative: '1/y² (relative)', poisson: 'Poisson' };

/** The rows with y = 0, which Poisson weighting gives σ = 1 (said in the results). */
export function zeroCounts(y: Float64Array): number {
  let zeros = 0;
  for (let i = 0; i < y.length; i++) if (y[i] === 0) zeros++;
  return zeros;
}

/** A sentence for the report: how the points were weighted; `zeros`: rows with y = 0 (Poisson). */
export function describeWeighting(mode: Weighting, hasSigma: boolean, zeros = 0): string {
  switch (mode) {
    case 'sigma':
      return hasSigma ? 'weighted by 1/σ² from the σ column' : 'unweighted';
    case '1/y':
      return 'weighted by 1/|y| (σ = √|y|)';
    case '1/y2':
    case 'relative':
      return 'relative weighting, 1/y² (σ = |y|)';
    case 'poisson':
      return `Poisson weighting, 1/y (σ = √y; σ = 1 where y = 0${zeros > 0 ? `: ${zeros.toLocaleString('en-US')} row${zeros === 1 ? '' : 's'}` : ', no such row'})`;
  }
}

/**
 * The σ of each point under `mode`, or null for unweighted; errors name the row and the fix.
 * `firstRow`: the index of data's first row among all rows (a streamed chunk's start), for the message.
 */
export function weightSigma(mode: Weighting, data: Pick<FitData, 'y' | 'sigma' | 'lines'>, firstRow = 0): Float64Array | null {
  // A streamed chunk has no lines: its rows are counted from the file's first row in use.
  const row = (i: number) => (firstRow === 0 ? rowName(data.lines, i) : `row ${firstRow + i + 1}`);
  if (mode === 'sigma') return data.sigma ?? null;
  if (data.sigma) {
    throw new FitInputError('weights', `Both a σ column and ${MODE_NAME[mode]} weighting were given: choose one (drop the σ column or the weighting).`);
  }
  const y = data.y;
  const sigma = new Float64Array(y.length);
  for (let i = 0; i < y.length; i++) {
    const v = y[i];
    if (mode === 'poisson') {
      if (!(v >= 0)) throw new FitInputError('weights', `Poisson weighting needs counts y ≥ 0; ${row(i)} has y = ${v}. Use 1/y² weighting or a σ column.`);
      sigma[i] = v > 0 ? Math.sqrt(v) : 1;
    } else {
      if (v === 0) {
        throw new FitInputError(
          'weights',
          `${MODE_NAME[mode]} weighting divides by ${mode === '1/y' ? '|y|' : 'y²'}, and ${row(i)} has y = 0. For counts, use Poisson weighting (σ² = y, σ = 1 where y = 0) or the Poisson likelihood objective (the page's Solver options › Objective; the CLI's --mle poisson), which takes y = 0 as it is; else exclude that row or give a σ column.`,
        );
      }
      sigma[i] = mode === '1/y' ? Math.sqrt(Math.abs(v)) : Math.abs(v);
    }
  }
  return sigma;
}
