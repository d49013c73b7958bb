/**
 * σ whose weight 1/σ² is not a positive finite double is unusable (issue 14, item 7): σ = 1e300 in
 * every row made every weighted residual square to 0, so the fit "converged" at its start values
 * with χ² = 0; σ = 1e-300 made them overflow. Such rows are dropped with a reason that says why and
 * what to do, like σ ≤ 0; when every row is such, the selection is refused.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue } from './formatIssue';
import { parseDelimitedText } from './parseText';
import { selectColumns } from './selectColumns';

const csv = (sigmas: string[]) => parseDelimitedText(['x,y,s', ...sigmas.map((s, i) => `${i + 1},${2 * (i + 1)},${s}`)].join('\n'));

describe('sigma that under- or overflows the weights', () => {
  it('σ = 1e300 in every row is refused, naming the line and the fix', () => {
    const t = csv(['1e300', '1e300', '1e300', '1e300']);
    if (!t.ok) throw new Error(t.error.message);
    const r = selectColumns(t.value, { x: ['x'], y: 'y', sigma: 's' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('no-usable-rows');
      expect(r.error.message).toMatch(/Line 2, column "s": sigma 1e\+300 is too large: its weight 1\/σ² underflows to 0; rescale sigma and y/);
    }
  });

  it('drops the rows whose weight over- or underflows and keeps the others', () => {
    const t = csv(['1', '1e-300', '2', '1e170', '1e150', '1e-150']);
    if (!t.ok) throw new Error(t.error.message);
    const r = selectColumns(t.value, { x: ['x'], y: 'y', sigma: 's' });
    if (!r.ok) throw new Error(r.error.message);
    expect(Array.from(r.value.sigma ?? [])).toEqual([1, 2, 1e150, 1e-150]);
    expect(r.value.dropped.map(formatIssue)).toEqual([
      'Line 3, column "s": sigma 1e-300 is too small: its weight 1/σ² overflows; rescale sigma and y',
      'Line 5, column "s": sigma 1e+170 is too large: its weight 1/σ² underflows to 0; rescale sigma and y',
    ]);
  });
});
