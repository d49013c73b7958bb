import { describe, expect, it } from 'vitest';
import type { FitResult } from '../fit/types';
import { adviseError, adviseResult, verdict } from './advice';

function result(patch: Partial<FitResult>): FitResult {
  return {
    success: true,
    status: 2,
    message: 'ftol',
    parameters: [],
    free: [],
    pcov: new Float64Array(0),
    correlation: new Float64Array(0),
    cost: 1,
    stats: { points: 10, freeParameters: 1, dof: 9, chi2: 2, redchi2: 0.2, rss: 2, rmse: 0.4, r2: 0.9, adjR2: 0.9, aic: 1, bic: 1 },
    confidenceLevel: 0.95,
    tValue: 2.26,
    nfev: 5,
    njev: 5,
    nit: 4,
    phases: [],
    history: [],
    warnings: [],
    extendedPrecision: false,
    fitMs: 1,
    ...patch,
  };
}

describe('advice', () => {
  it('classifies outcomes', () => {
    expect(verdict(result({}))).toBe('converged');
    expect(verdict(result({ status: 0, success: false }))).toBe('budget');
    expect(verdict(result({ status: -2, success: false }))).toBe('cancelled');
  });

  it('says what to do when the budget ran out, a bound holds, or the data cannot decide', () => {
    const r = result({
      status: 0,
      success: false,
      nfev: 2000,
      warnings: ['The data cannot determine a and b separately: their combination is undetermined. Fix one of them or add data that separates them.'],
      parameters: [{ name: 'k', value: 0, stderr: 0.1, ciLower: 0, ciUpper: 0, fixed: false, start: 1, min: 0, max: 5, atBound: -1 }],
    });
    const text = adviseResult(r).map((a) => a.text).join('\n');
    expect(text).toMatch(/used all 2000 evaluations/);
    expect(text).toMatch(/Max evaluations/);
    expect(text).toMatch(/"k" ended at its lower bound \(0\)/);
    expect(text).toMatch(/cannot determine a and b/);
  });

  it('explains input errors in words', () => {
    expect(adviseError({ code: 'nonfinite-x0', message: 'x' })).toMatch(/start values/);
    expect(adviseError({ code: 'no-free-parameters', message: 'x' })).toMatch(/fixed/);
    expect(adviseError({ code: 'other', message: 'x' })).toBeNull();
  });
});
