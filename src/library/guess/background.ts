/**
 * Background terms that sit under a model's nonlinear part and enter linearly: nothing, a
 * constant offset, or a straight line b₀ + b₁·x. As bases they let a least-squares solve take
 * the background exactly while a search varies the rest.
 */
import type { Samples } from './samples';

export type Background = 'none' | 'constant' | 'line';

export function backgroundBases(s: Samples, background: Background): Float64Array[] {
  if (background === 'none') return [];
  const one = new Float64Array(s.n).fill(1);
  return background === 'constant' ? [one] : [one, Float64Array.from(s.x)];
}
