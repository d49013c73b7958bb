/**
 * The CSP fallback end to end: with code generation refused (as under a Content-Security-Policy
 * without 'unsafe-eval'), fits run on the tape interpreter and meet the same NIST bar, reaching
 * the same parameters as the generated kernels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadNist, lre } from '../../test/nist';
import { compileModel } from '../model';
import { codegenAllowed, setCodegen } from '../model/kernels';
import { curveFit } from './curveFit';

const problems = loadNist().filter((p) => ['Misra1a', 'Thurber', 'MGH09', 'Lanczos3', 'BoxBOD'].includes(p.name));

async function fit(name: string, generated: boolean) {
  setCodegen(generated);
  const p = problems.find((q) => q.name === name)!;
  const compiled = compileModel(p.model, { columns: Object.keys(p.columns) });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  expect(model.kernels().kind).toBe(generated ? 'generated' : 'interpreted');
  const result = await curveFit({
    model,
    data: { vars: model.variables.map((v) => p.columns[v].hi), varsLo: model.variables.map((v) => p.columns[v].lo), y: p.y.hi, yLo: p.y.lo },
    parameters: model.params.map((n) => ({ name: n, value: p.start1[p.params.indexOf(n)] })),
  });
  return { p, result };
}

describe('fits without code generation (the CSP fallback)', () => {
  beforeAll(() => setCodegen(false));
  afterAll(() => setCodegen(null));

  it('knows when code generation is refused', () => {
    setCodegen(false);
    expect(codegenAllowed()).toBe(false);
    setCodegen(null);
    expect(codegenAllowed()).toBe(true); // Node allows it
  });

  it('has the five problems', () => expect(problems).toHaveLength(5));

  for (const name of ['Misra1a', 'Thurber', 'MGH09', 'Lanczos3', 'BoxBOD']) {
    it(`${name}: the interpreter meets the NIST bar and matches the generated kernels`, async () => {
      const { p, result: interpreted } = await fit(name, false);
      const { result: generated } = await fit(name, true);
      p.params.forEach((n, i) => {
        const a = interpreted.parameters.find((q) => q.name === n)!;
        const b = generated.parameters.find((q) => q.name === n)!;
        expect(lre(a.value, p.certified.values[i]), n).toBeGreaterThanOrEqual(6);
        expect(lre(a.stderr, p.certified.std_errors[i]), n).toBeGreaterThanOrEqual(4);
        expect(Math.abs(a.value - b.value), n).toBeLessThanOrEqual(1e-9 * Math.abs(b.value));
      });
    });
  }
});
