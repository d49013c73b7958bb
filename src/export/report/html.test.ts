import { describe, expect, it } from 'vitest';
import { curveFit } from '../../fit/curveFit';
import { compileModel } from '../../model';
import { fitReportData } from './reportData';
import { fitReportHtml } from './html';

async function report(model: string, x: Float64Array, y: Float64Array, start: Record<string, number>, file = 'data.csv') {
  const compiled = compileModel(model, { columns: ['x'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const data = { vars: [x], y };
  const result = await curveFit({ model: compiled.value, data, parameters: Object.entries(start).map(([name, value]) => ({ name, value })) });
  const html = fitReportHtml({ generatedAt: '2026-01-02T03:04:05.000Z', file, model, loss: 'linear', backend: 'CPU', result, profile: null, data: fitReportData({ model: compiled.value, data, result, yName: 'y', w: null }) });
  return { html, result };
}

describe('the report page', () => {
  it('an undetermined parameter: the verdict is not green, names it, and its error and interval are not numbers', async () => {
    const x = Float64Array.from({ length: 8 }, (_, i) => i);
    const y = x.map((v) => 3 * Math.exp(-0.3 * v) + 0.01 * Math.sin(7 * v));
    const { html, result } = await report('a*exp(b*x) + c*exp(b*x)', x, y, { a: 1, b: -0.2, c: 1 });
    expect(result.undetermined).toEqual(['a', 'c']);
    expect(html).toContain('class="verdict warn"');
    expect(html).toContain('Converged, but a and c are undetermined');
    const row = /<tr data-param="a">(.*?)<\/tr>/.exec(html)![1];
    expect(row).toContain('data-method="wald" data-lower="" data-upper="">—');
    expect(row).toContain('<td>undetermined</td>');
    expect(html).toContain('cannot determine a and c separately');
  });

  it('escapes what the user wrote (file names) and runs no script', async () => {
    const x = Float64Array.from({ length: 6 }, (_, i) => i);
    const y = x.map((v) => 1 + 2 * v + 0.01 * Math.cos(5 * v));
    const { html } = await report('p + q*x', x, y, { p: 0, q: 1 }, '<img src=x onerror=alert(1)>.csv');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;.csv');
    expect(html).not.toMatch(/<script/i);
    // A linear fit: no residual test is left unsaid.
    expect(html.match(/<li class="tone-/g)).toHaveLength(4);
  });

  it('the verdict names the tolerance that stopped the fit as code, not in raw backticks', async () => {
    const x = Float64Array.from({ length: 12 }, (_, i) => i);
    const y = x.map((v) => 2 * Math.exp(-v / 4) + 0.3 + 0.01 * Math.sin(3 * v));
    const { html, result } = await report('a*exp(-x/tau) + c', x, y, { a: 1, tau: 2, c: 0 });
    expect(result.message).toMatch(/`(ftol|xtol|gtol)`/);
    const verdict = /<p class="verdict[^>]*>(.*?)<\/p>/.exec(html)![1];
    expect(verdict).not.toContain('`');
    expect(verdict).toMatch(/<code>(ftol|xtol|gtol)<\/code> termination condition is satisfied/);
  });
});
