/**
 * Poisson maximum likelihood (src/fit/poissonMle.ts) against R: a decay A·exp(−k·t) on Poisson
 * counts is the log-link Poisson GLM, so glm() gives the MLE, its Fisher-information errors and the
 * deviance exactly (fixtures/poisson/make_poisson.R). Then what is refused, with a message.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { poissonFit } from './poissonMle';

const r = JSON.parse(readFileSync(new URL('../../fixtures/poisson/poisson.json', import.meta.url), 'utf8'));
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

function input(y: number[], sigma: number[] | null = null, start = { A: 10, k: 0.1 }) {
  const compiled = compileModel('A*exp(-k*t)', { columns: ['t'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return {
    model: compiled.value,
    data: { vars: [Float64Array.from(r.t as number[])], y: Float64Array.from(y), sigma: sigma ? Float64Array.from(sigma) : null },
    parameters: [
      { name: 'A', value: start.A },
      { name: 'k', value: start.k },
    ],
  };
}

describe('Poisson maximum likelihood', () => {
  it('equals R glm(family = poisson) on a decay: estimates, Fisher errors and deviance', async () => {
    const fit = await poissonFit(input(r.y));
    expect(fit.converged).toBe(true);
    const [A, k] = fit.result.parameters;
    expect(rel(A.value, r.A)).toBeLessThan(1e-7);
    expect(rel(k.value, r.k)).toBeLessThan(1e-7);
    expect(rel(A.stderr, r.se_A)).toBeLessThan(1e-6);
    expect(rel(k.stderr, r.se_k)).toBeLessThan(1e-6);
    expect(rel(fit.deviance, r.deviance)).toBeLessThan(1e-8);
    // The likelihood statistics are the Poisson ones, not least squares' (AIC(nls) gives 101.54 here).
    expect(rel(fit.aic, r.aic)).toBeLessThan(1e-10);
    expect(rel(fit.pearsonChi2, r.pearsonChi2)).toBeLessThan(1e-8);
    // The least-squares fit of the same counts is a different estimate.
    expect(rel(A.value, 36)).toBeGreaterThan(1e-3);
  });

  it('equals R glm on a real count series with zeros (discoveries): logLik, AIC, BIC, AICc, deviance, Pearson χ²', async () => {
    // fixtures/poisson/make_discoveries.R: glm(y ~ t + I(t^2), family = poisson()) on R's discoveries.
    const d = JSON.parse(readFileSync(new URL('../../fixtures/poisson/discoveries.json', import.meta.url), 'utf8'));
    const compiled = compileModel('exp(a + b*t + c*t^2)', { columns: ['t'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const fit = await poissonFit({
      model: compiled.value,
      data: { vars: [Float64Array.from(d.t as number[])], y: Float64Array.from(d.y as number[]), sigma: null },
      parameters: [
        { name: 'a', value: 1 },
        { name: 'b', value: 0 },
        { name: 'c', value: 0 },
      ],
    });
    expect(fit.converged).toBe(true);
    expect(rel(fit.result.parameters[2].value, d.c)).toBeLessThan(1e-6);
    expect(rel(fit.logLik, d.logLik)).toBeLessThan(1e-9);
    expect(rel(fit.aic, d.aic)).toBeLessThan(1e-9);
    expect(rel(fit.bic, d.bic)).toBeLessThan(1e-9);
    // AICc = AIC + 2k(k + 1)/(n − k − 1), k = 3 (Burnham & Anderson 2002, eq. 2.2): R's AIC plus 24/96.
    expect(rel(fit.aicc, d.aic + 24 / 96)).toBeLessThan(1e-9);
    expect(rel(fit.deviance, d.deviance)).toBeLessThan(1e-8);
    expect(rel(fit.pearsonChi2, d.pearsonChi2)).toBeLessThan(1e-8);
    expect(rel(fit.dispersion, d.pearsonChi2 / 97)).toBeLessThan(1e-8);
  });

  it("reports summary(glm)'s z table: z, Pr(>|z|) from the normal distribution, confint.default intervals", async () => {
    // A likelihood fit has no residual variance to estimate, so R tests with the normal, not t(n − k):
    // t(97) would give p = 5.7e-5 for a, twice R's 2.84e-5.
    const d = JSON.parse(readFileSync(new URL('../../fixtures/poisson/discoveries.json', import.meta.url), 'utf8'));
    const compiled = compileModel('exp(a + b*t + c*t^2)', { columns: ['t'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const fit = await poissonFit({
      model: compiled.value,
      data: { vars: [Float64Array.from(d.t as number[])], y: Float64Array.from(d.y as number[]), sigma: null },
      parameters: ['a', 'b', 'c'].map((name) => ({ name, value: name === 'a' ? 1 : 0 })),
    });
    expect(fit.result.statistic).toBe('z');
    expect(rel(fit.result.tValue, 1.959963984540054)).toBeLessThan(1e-12); // qnorm(0.975)
    fit.result.parameters.forEach((p, i) => {
      expect(rel(p.stderr, d.se[i])).toBeLessThan(1e-6);
      expect(rel(p.tStat as number, d.z[i])).toBeLessThan(1e-6);
      expect(rel(p.pValue as number, d.p[i])).toBeLessThan(1e-5);
      expect(rel(p.ciLower, d.ciLower[i])).toBeLessThan(1e-6);
      expect(rel(p.ciUpper, d.ciUpper[i])).toBeLessThan(1e-6);
    });
  });

  it('refuses negative counts, a σ column and a model that is not positive', async () => {
    await expect(poissonFit(input([...r.y.slice(0, 19), -1]))).rejects.toThrow(/needs counts y ≥ 0; row 20 has y = -1/);
    await expect(poissonFit(input(r.y, r.y.map(() => 1)))).rejects.toThrow(/drop the σ column/);
    await expect(poissonFit(input(r.y, null, { A: -5, k: 0.1 }))).rejects.toThrow(/positive model value at every row; at the start values it is -5 at row 1/);
  });
});
