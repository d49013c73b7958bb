/**
 * The statistics card of a Poisson likelihood fit (Solver options › Objective) names the
 * likelihood's statistics as R's glm(family = poisson) reports them, and shows no least-squares
 * ones: the trial found its Pearson χ² labelled "Σ(y − f)²" and the Gaussian AIC(nls) 101.54
 * labelled "AIC (R)" where R's AIC(glm) is 99.53 (fixtures/poisson/make_poisson.R).
 */
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model';
import { poissonFit } from '../../fit/poissonMle';
import { StatsGrid } from './StatsGrid';

const r = JSON.parse(readFileSync(new URL('../../../fixtures/poisson/poisson.json', import.meta.url), 'utf8'));

/** Each statistic's label → [value, note] from the rendered card. */
function stats(html: string): Map<string, [string, string]> {
  const out = new Map<string, [string, string]>();
  for (const m of html.matchAll(/<dt>(.*?)<\/dt><dd><span class="stat-value">(.*?)<\/span>(?:<span class="stat-note">(.*?)<\/span>)?/g)) out.set(m[1], [m[2], m[3] ?? '']);
  return out;
}

async function decayFit() {
  const compiled = compileModel('A*exp(-k*t)', { columns: ['t'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return poissonFit({
    model: compiled.value,
    data: { vars: [Float64Array.from(r.t as number[])], y: Float64Array.from(r.y as number[]), sigma: null },
    parameters: [
      { name: 'A', value: 30 },
      { name: 'k', value: 0.2 },
    ],
  });
}

describe('StatsGrid', () => {
  it("a Poisson fit: deviance, Pearson χ², R's glm AIC; no Sy.x, R² or least-squares AIC", async () => {
    const p = await decayFit();
    const html = renderToStaticMarkup(<StatsGrid result={p.result} weighted={false} poisson={p} />);
    const s = stats(html);
    expect(Number(s.get('AIC')![0])).toBeCloseTo(r.aic, 2); // 99.528, R's AIC(glm)
    expect(s.get('AIC')![1]).toMatch(/−2 ln L \+ 2k/);
    expect(Number(s.get('deviance')![0])).toBeCloseTo(r.deviance, 3);
    expect(Number(s.get('Pearson χ²')![0])).toBeCloseTo(r.pearsonChi2, 3);
    expect(s.get('Pearson χ²')![1]).toBe('Σ(y − μ)²/μ');
    for (const gone of ['χ²', 'Sy.x', 'R²', 'adjusted R²', 'AIC (R)', 'BIC (R)', 'reduced χ²']) expect(s.has(gone), gone).toBe(false);
    expect(html).not.toContain('Σ(y − f)²');
  });

  it('a least-squares fit keeps its own labels', async () => {
    const p = await decayFit();
    const s = stats(renderToStaticMarkup(<StatsGrid result={p.result} weighted={false} />));
    for (const label of ['χ²', 'Sy.x', 'R²', 'AIC (R)']) expect(s.has(label), label).toBe(true);
  });

  it('reduced χ², Sy.x and RMSE keep their trailing zeros: 1.0000847 reads "1.000", not an exact "1"', async () => {
    // Trial 5: the 10⁷-row decay fit (Cauchy loss, unit noise) showed reduced χ² 1, Sy.x 1, RMSE 1;
    // its values, from the CLI's JSON of the same fit: 1.0000847124509362, 1.0000423553284812, 1.0000422053221167.
    const p = await decayFit();
    const result = { ...p.result, stats: { ...p.result.stats, redchi2: 1.0000847124509362, syx: 1.0000423553284812, rmse: 1.0000422053221167 } };
    const s = stats(renderToStaticMarkup(<StatsGrid result={result} weighted={false} />));
    expect(s.get('reduced χ²')![0]).toBe('1.000');
    expect(s.get('Sy.x')![0]).toBe('1.000');
    expect(s.get('RMSE')![0]).toBe('1.000');
    // Other values are as before: four significant digits.
    const other = { ...p.result, stats: { ...p.result.stats, redchi2: 0.03992285, syx: 0.199807, rmse: 0.1998068 } };
    const t = stats(renderToStaticMarkup(<StatsGrid result={other} weighted={false} />));
    expect([t.get('reduced χ²')![0], t.get('Sy.x')![0], t.get('RMSE')![0]]).toEqual(['0.03992', '0.1998', '0.1998']);
  });
});
