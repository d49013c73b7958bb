/** The one rule for the settings a fit takes (fit/defaults.ts settingsProblem): what curveFit and
 *  the solver refuse, it refuses with their words; what they take, it takes. */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { curveFit } from './curveFit';
import { settingsProblem, type FitOptions } from './defaults';

const compiled = compileModel('a*x + b', { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
const x = Float64Array.from([0, 1, 2, 3, 4]);
const y = x.map((v) => 2 * v + 1 + 0.01 * Math.sin(7 * v));
const fit = (options: FitOptions) => curveFit({ model, data: { vars: [x], y }, parameters: [{ name: 'a', value: 1 }, { name: 'b', value: 0 }], options });

describe('settingsProblem', () => {
  const cases: [string, FitOptions][] = [
    ['f_scale −3', { fScale: -3 }],
    ['f_scale 0', { fScale: 0 }],
    ['f_scale NaN', { fScale: NaN }],
    ['ftol −1', { ftol: -1 }],
    ['xtol NaN', { xtol: NaN }],
    ['all tolerances 0', { ftol: 0, xtol: 0, gtol: 0 }],
    ['x_scale −1', { xScale: -1 }],
  ];
  for (const [name, options] of cases) {
    it(`${name}: refused with the fit's own message`, async () => {
      const problem = settingsProblem(options);
      expect(problem).not.toBeNull();
      await expect(fit(options)).rejects.toThrow(problem as string);
    });
  }

  it('settings in range (a robust loss, tight tolerances, a budget): none, and the fit runs', async () => {
    const options: FitOptions = { loss: 'soft_l1', fScale: 0.5, ftol: 1e-12, xtol: 0, gtol: 1e-10, maxNfev: 200, xScale: 'jac' };
    expect(settingsProblem(options)).toBeNull();
    expect((await fit(options)).success).toBe(true);
  });

  it('max_nfev must be a positive whole number (the solver’s rule)', () => {
    expect(settingsProblem({ maxNfev: 2.5 })).toMatch(/max_nfev/);
    expect(settingsProblem({ maxNfev: null })).toBeNull();
  });
});
