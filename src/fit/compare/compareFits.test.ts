import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model/index';
import { fitGroups } from '../batch/fitGroups';
import type { GroupInput } from '../groupInput';
import { globalFit } from '../global/globalFit';
import { aicc, compareFits, formatP, fSurvival } from './compareFits';

describe('global versus separate fits', () => {
  it('F tail probabilities match R\'s pf(lower.tail = FALSE)', () => {
    // Rscript -e 'pf(3.7, 2, 10, lower.tail=FALSE); pf(0.5, 5, 40, lower.tail=FALSE)'
    expect(fSurvival(3.7, 2, 10)).toBeCloseTo(0.062698010260306442, 12);
    expect(fSurvival(0.5, 5, 40)).toBeCloseTo(0.77435747586620363, 12);
    expect(fSurvival(0, 1, 5)).toBe(1);
  });

  it('AICc of least squares: N ln(χ²/N) + 2K + 2K(K+1)/(N−K−1), K counting the variance', () => {
    expect(aicc(10, 20, 2)).toBeCloseTo(20 * Math.log(0.5) + 6 + 24 / 16, 12);
    expect(formatP(0.0004)).toBe('p < 0.001');
    expect(formatP(0.0031)).toBe('p = 0.003');
    expect(formatP(0.2055)).toBe('p = 0.21');
  });

  it('says the groups differ when they do, and refuses to compare when a separate fit failed', async () => {
    const r = compileModel('Vm*x/(K + x)', { columns: ['x'] });
    if (!r.ok) throw new Error(r.error.message);
    const model = r.value;
    const x = Float64Array.of(0.02, 0.02, 0.06, 0.06, 0.11, 0.11, 0.22, 0.22, 0.56, 0.56, 1.1, 1.1);
    const noise = [1.3, -0.7, 2.1, -1.8, 0.4, -0.2, 1.1, -1.5, 0.8, -0.9, 0.3, -0.6];
    const group = (key: string, Vm: number, K: number): GroupInput => ({ key, data: { vars: [x], y: Float64Array.from(x, (v, i) => (Vm * v) / (K + v) + noise[i]) } });
    const groups = [group('low K', 200, 0.03), group('high K', 200, 0.3)];
    const parameters = [
      { name: 'Vm', value: 150 },
      { name: 'K', value: 0.1 },
    ];
    const separate = await fitGroups({ model, groups, parameters });
    const global = await globalFit({ model, groups, parameters, shared: ['K'] });
    const cmp = compareFits(separate, global);
    expect(cmp.valid).toBe(true);
    expect(cmp.p).toBeLessThan(1e-6);
    expect(cmp.preferred).toBe('separate');
    expect(cmp.verdict).toMatch(/^The groups differ in K \(F\(1, 20\) = [0-9.e+]+, p < 0\.001\)\. AICc prefers the separate fit \(ΔAICc = [0-9.]+; > 99% likely the better model\)\.$/);
    const failedSeparate = { ...separate, rows: [{ ...separate.rows[0], success: false }, separate.rows[1]] };
    const refused = compareFits(failedSeparate, global);
    expect(refused.valid).toBe(false);
    expect(refused.verdict).toBe('No comparison: the separate fit of low K did not converge.');
  });
});
