/** The status line of a streamed fit names the pass over the chunks and the chunk (issue 12). */
import { describe, expect, it } from 'vitest';
import type { FitProgress } from '../../worker/api';
import { progressText } from './progressText';

const base: FitProgress = { iteration: 3, nfev: 4, cost: 12.5, optimality: 0.01, stepNorm: 0.1, elapsedMs: 2500, phase: 'fit', backend: 'cpu', chunk: null, costs: [] };

describe('progressText', () => {
  it('names the pass and the chunk of a streamed fit', () => {
    expect(progressText({ ...base, chunk: { pass: 'linearize', chunk: 12, chunks: 40, passIndex: 3 } })).toMatch(/^Iteration 3 · .* · pass 3 · chunk 12\/40$/);
    expect(progressText({ ...base, phase: 'start', chunk: { pass: 'cost', chunk: 2, chunks: 40, passIndex: 1 } })).toBe('Starting · pass 1 · chunk 2/40');
    expect(progressText({ ...base, chunk: { pass: 'statistics', chunk: 7, chunks: 40, passIndex: 9 } })).toBe('Statistics · pass 9 · chunk 7/40');
  });
  it('keeps the in-memory wording', () => {
    expect(progressText({ ...base, chunk: { pass: 'cost', chunk: 2, chunks: 5 } })).toMatch(/cost chunk 2\/5$/);
  });
  it('counts the bootstrap refits after the fit (issue 26)', () => {
    expect(progressText({ ...base, bootstrap: { done: 120, total: 2000 } })).toBe('Bootstrap · 120 of 2000 resamples (Cancel keeps the fit)');
    expect(progressText({ ...base, bootstrap: null })).toMatch(/^Iteration 3/);
  });
});
