/**
 * `--mle poisson` in the CLI against R's glm(family = poisson) on a decay of counts (the log-link
 * GLM is the same model; fixtures/poisson): estimates, standard errors and deviance, the JSON's
 * objective and poisson fields, starts found automatically, and the options it refuses.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const r = JSON.parse(readFileSync(new URL('../../fixtures/poisson/poisson.json', import.meta.url), 'utf8'));
const { file } = tempFiles('fitbench-poisson');
const run = cliRunner();
const csv = file('counts.csv', 't,y\n' + r.t.map((t: number, i: number) => `${t},${r.y[i]}`).join('\n') + '\n');
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('--mle poisson', () => {
  it('gives R glm Poisson estimates, errors and deviance, with or without starts', async () => {
    for (const starts of [['--p0', 'A=10,k=0.1'], []]) {
      const j = JSON.parse((await run('fit', csv, '--model', 'A*exp(-k*t)', ...starts, '--mle', 'poisson', '--json')).out);
      expect(j.objective).toBe('poisson');
      expect(rel(j.params.A, r.A)).toBeLessThan(1e-7);
      expect(rel(j.params.k, r.k)).toBeLessThan(1e-7);
      expect(rel(j.stderr.A, r.se_A)).toBeLessThan(1e-6);
      expect(rel(j.stderr.k, r.se_k)).toBeLessThan(1e-6);
      expect(rel(j.poisson.deviance, r.deviance)).toBeLessThan(1e-8);
      expect(j.poisson.converged).toBe(true);
    }
    const ls = JSON.parse((await run('fit', csv, '--model', 'A*exp(-k*t)', '--p0', 'A=10,k=0.1', '--json')).out);
    expect(ls.objective).toBe('least-squares');
    expect(ls.poisson).toBeNull();
    const text = await run('fit', csv, '--model', 'A*exp(-k*t)', '--p0', 'A=10,k=0.1', '--mle', 'poisson');
    expect(text.out).toMatch(/Poisson maximum likelihood: Cash C = [\d.e+-]+, deviance 16\.92\d+/);
  });

  it("reports the Poisson likelihood's AIC (R's glm), Pearson χ² and no least-squares statistics", async () => {
    // r.aic: AIC(glm(y ~ t, family = poisson())) = 99.5278 (fixtures/poisson/make_poisson.R); the
    // Gaussian AIC(nls) of the same fitted values would be 101.54.
    const j = JSON.parse((await run('fit', csv, '--model', 'A*exp(-k*t)', '--p0', 'A=10,k=0.1', '--mle', 'poisson', '--json')).out);
    expect(rel(j.poisson.aic, r.aic)).toBeLessThan(1e-9);
    expect(rel(j.poisson.pearsonChi2, r.pearsonChi2)).toBeLessThan(1e-8);
    expect(rel(j.poisson.aicc, r.aic + 12 / 17)).toBeLessThan(1e-9); // + 2k(k + 1)/(n − k − 1), k = 2, n = 20
    expect(j.chi2).toBeCloseTo(r.pearsonChi2, 6); // the old field stays (JSON is only added to)
    const text = (await run('fit', csv, '--model', 'A*exp(-k*t)', '--p0', 'A=10,k=0.1', '--mle', 'poisson')).out;
    expect(text).toMatch(/AIC = 99\.5277\d* /);
    expect(text).toMatch(/Pearson χ² = 16\.4671/);
    expect(text).not.toMatch(/Sy\.x|R² =|AIC\(R\)/);
    // The printable report's goodness-of-fit table too.
    const html = file('poisson-report.html', '');
    await run('fit', csv, '--model', 'A*exp(-k*t)', '--p0', 'A=10,k=0.1', '--mle', 'poisson', '--report', html);
    const page = readFileSync(html, 'utf8');
    const aic = /data-stat="aic"><th scope="row">AIC<\/th><td class="num" data-value="([^"]+)"/.exec(page);
    expect(rel(Number(aic?.[1]), r.aic)).toBeLessThan(1e-9);
    expect(page).toContain('data-stat="pearsonChi2"');
    expect(page).not.toMatch(/data-stat="(syx|aicR|r2)"/);
  });

  it("gives summary(glm)'s z, Pr(>|z|) and confint.default intervals, labelled z (R on discoveries)", async () => {
    // fixtures/poisson/make_discoveries.R; Student's t(97) would give p(a) = 5.7e-5 against R's 2.84e-5.
    const d = JSON.parse(readFileSync(new URL('../../fixtures/poisson/discoveries.json', import.meta.url), 'utf8'));
    const counts = file('discoveries.csv', 't,y\n' + d.t.map((t: number, i: number) => `${t},${d.y[i]}`).join('\n') + '\n');
    const args = ['fit', counts, '--model', 'exp(a + b*t + c*t^2)', '--p0', 'a=1,b=0,c=0'];
    const j = JSON.parse((await run(...args, '--mle', 'poisson', '--json')).out);
    expect(j.statistic).toBe('z');
    ['a', 'b', 'c'].forEach((name, i) => {
      expect(rel(j.tvalue[name], d.z[i])).toBeLessThan(1e-6);
      expect(rel(j.pvalue[name], d.p[i])).toBeLessThan(1e-5);
      expect(rel(j.ci[name][0], d.ciLower[i])).toBeLessThan(1e-6);
      expect(rel(j.ci[name][1], d.ciUpper[i])).toBeLessThan(1e-6);
    });
    expect(JSON.parse((await run(...args, '--json')).out).statistic).toBe('t');
    expect((await run(...args, '--mle', 'poisson')).out).toMatch(/parameter +value +std\. error +z +p +95% interval/);
    const html = file('discoveries-report.html', '');
    await run(...args, '--mle', 'poisson', '--report', html);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<th scope="col">z</th>');
    expect(page).toContain('intervals with z = 1.96.');
  });

  it('refuses what it does not combine with', async () => {
    const base = ['fit', csv, '--model', 'A*exp(-k*t)', '--p0', 'A=10,k=0.1', '--mle'];
    expect((await run(...base, 'gauss')).err).toMatch(/--mle takes poisson/);
    expect((await run(...base, 'poisson', '--weights', 'poisson')).err).toMatch(/does not combine with --sigma\/--weights/);
    expect((await run(...base, 'poisson', '--loss', 'huber')).err).toMatch(/does not combine with --loss huber/);
  });
});
