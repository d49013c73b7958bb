/**
 * The page's derived quantities against R (fixtures/derived: nls on Puromycin treated, delta
 * method from vcov() and the analytic gradient), and their per-entry messages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { curveFit } from '../fit/curveFit';
import { compileModel } from '../model/index';
import { derivedEntries, pageDerived } from './derivedQuantities';

const r = JSON.parse(readFileSync(new URL('../../fixtures/derived/derived.json', import.meta.url), 'utf8'));
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

async function puromycin() {
  const m = compileModel('Vm*conc/(K + conc)', { columns: ['conc'] });
  if (!m.ok) throw new Error(m.error.message);
  return curveFit({ model: m.value, data: { vars: [Float64Array.from(r.conc)], y: Float64Array.from(r.rate) }, parameters: [{ name: 'Vm', value: 200 }, { name: 'K', value: 0.1 }] });
}

describe('derived quantities on the page', () => {
  it("agree with R's delta method, each entry on its own", async () => {
    const result = await puromycin();
    const d = pageDerived('ratio = Vm/K\n\nhalfK=K/2; bad entry; ratio = K', result);
    expect(d.quantities.map((q) => q.name)).toEqual(['ratio', 'halfK']);
    const [ratio, halfK] = d.quantities;
    expect(rel(ratio.value, r.ratio)).toBeLessThan(1e-5);
    expect(rel(ratio.stderr, r.se_ratio)).toBeLessThan(1e-4);
    expect(rel(halfK.stderr, r.se_halfK)).toBeLessThan(1e-4);
    expect(ratio.ciUpper - ratio.value).toBeCloseTo(r.t * ratio.stderr, 6);
    expect(d.errors).toEqual([
      { entry: 3, message: '"bad entry" is not name = expression; write e.g. half = ln(2)/k.' },
      { entry: 4, message: '"ratio" is named twice; give each quantity its own name.' },
    ]);
  });

  it('names a parameter the model lacks, and keeps Object.prototype names', async () => {
    const result = await puromycin();
    expect(pageDerived('r = Vm/Km', result).errors[0].message).toMatch(/uses "Km", which is not a parameter of the model; its parameters are Vm, K/);
    expect(pageDerived('__proto__ = 2*K', result).quantities[0].value).toBeCloseTo(2 * result.parameters[1].value, 12);
    expect(derivedEntries(' a=1 ;\n\n b=2 ')).toEqual(['a=1', 'b=2']);
  });
});
