/** Issue 10 defect 4 on the page: a converged fit with undetermined parameters is not shown green. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { curveFit } from '../../fit/curveFit';
import { compileModel } from '../../model';
import { verdictBadge } from './verdictBadge';

const c = JSON.parse(readFileSync(new URL('../../../fixtures/scipy/uncertainty.json', import.meta.url), 'utf8')).same_exponent as {
  model: string;
  params: string[];
  x: number[];
  y: number[];
  p0: number[];
};

async function fit(model: string) {
  const compiled = compileModel(model, { columns: ['x'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return curveFit({
    model: compiled.value,
    data: { vars: [Float64Array.from(c.x)], y: Float64Array.from(c.y) },
    parameters: c.params.filter((name) => compiled.value.params.includes(name)).map((name) => ({ name, value: c.p0[c.params.indexOf(name)] })),
  });
}

describe('verdict badge', () => {
  it('a·e^(bx) + c·e^(bx): converged, but the badge is not green and names a and c', async () => {
    const r = await fit(c.model);
    expect(r.success).toBe(true);
    const badge = verdictBadge(r);
    expect(badge.className).not.toBe('badge-converged');
    expect(badge.text).toMatch(/a and c/);
    expect(badge.text).toMatch(/undetermined/);
  });

  it('a determined fit of the same data stays green', async () => {
    const badge = verdictBadge(await fit('a*exp(b*x)'));
    expect(badge).toEqual({ verdict: 'converged', className: 'badge-converged', text: 'Converged' });
  });
});
