/**
 * A mixed-effects fit with per-row σ (`--sigma sd`: residual weights 1/σᵢ) against R's nlme with
 * varFixed(~sd^2) on Orange with an invented sd column (fixtures/mixed/make_weighted.R): the
 * fixed effects, their standard errors, the random-effect SD, σ and the log-likelihood, whose
 * weights' term Σ log(1/σᵢ) nlme counts (and R's logLik.nls for the global fit); the issue's
 * tolerances (logLik equal or higher to 1e-3, fixed effects and σ to 1e-3, SD and SEs to 1e-2).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner } from '../../../test/cli';

const run = cliRunner();
const file = new URL('../../../fixtures/mixed/orange_weighted.csv', import.meta.url).pathname;
const nlme = JSON.parse(readFileSync(new URL('../../../fixtures/mixed/weighted.json', import.meta.url), 'utf8')) as {
  ml: { fixed: Record<string, number>; stderr: Record<string, number>; randomSd: number; sigma: number; logLik: number };
  nlsLogLik: number;
};
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('mixed effects with weights (--sigma), against nlme varFixed', () => {
  it('ML, Asym random: nlme’s fit and log-likelihood, weights counted', async () => {
    const r = await run('fit', file, '--model', 'Asym/(1+exp((xmid-x)/scal))', '--y', 'circumference', '--group', 'Tree', '--random', 'Asym', '--sigma', 'sd', '--p0', 'Asym=170,xmid=700,scal=350', '--json');
    expect(r.code, r.err).toBe(0);
    const m = JSON.parse(r.out).mixed;
    for (const name of ['Asym', 'xmid', 'scal']) {
      expect(rel(m.fixed[name], nlme.ml.fixed[name]), name).toBeLessThan(1e-3);
      expect(rel(m.fixedStderr[name], nlme.ml.stderr[name]), `stderr ${name}`).toBeLessThan(1e-2);
    }
    expect(rel(m.randomSd.Asym, nlme.ml.randomSd)).toBeLessThan(1e-2);
    expect(rel(m.sigma, nlme.ml.sigma)).toBeLessThan(1e-3);
    expect(m.logLik).toBeGreaterThan(nlme.ml.logLik - 1e-3);
    expect(m.logLik).toBeLessThan(nlme.ml.logLik + 1e-3);
    // The global fit's likelihood is nls's with weights 1/sd², on the same scale.
    expect(Math.abs(m.global.logLik - nlme.nlsLogLik)).toBeLessThan(1e-6);
  });
});
