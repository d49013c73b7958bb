/**
 * Acceptance: the NIST StRD nonlinear regression suite with Fitbench's default settings. Every
 * problem from both starting points must reach LRE ≥ 6 on every parameter and LRE ≥ 4 on every
 * certified standard error. Prints the table.
 */
import { describe, expect, it } from 'vitest';
import { loadNist, lre, type NistProblem } from '../../test/nist';
import { compileModel } from '../model';
import { curveFit } from './curveFit';

const problems = loadNist();

async function fitNist(p: NistProblem, start: 1 | 2) {
  const names = Object.keys(p.columns);
  const compiled = compileModel(p.model, { columns: names });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  const x0 = start === 1 ? p.start1 : p.start2;
  return curveFit({
    model,
    data: {
      vars: model.variables.map((v) => p.columns[v].hi),
      varsLo: model.variables.map((v) => p.columns[v].lo),
      y: p.y.hi,
      yLo: p.y.lo,
    },
    parameters: model.params.map((name) => ({ name, value: x0[p.params.indexOf(name)] })),
  });
}

describe('NIST StRD nonlinear regression', () => {
  const rows: string[] = [];
  const failures: string[] = [];

  for (const p of problems) {
    for (const start of [1, 2] as const) {
      it(`${p.name} from start ${start}: LRE ≥ 6 on parameters, ≥ 4 on standard errors`, async () => {
        const r = await fitNist(p, start);
        const values = p.params.map((name) => r.parameters.find((q) => q.name === name)!);
        const lreValues = values.map((q, i) => lre(q.value, p.certified.values[i]));
        const lreErrors = values.map((q, i) => lre(q.stderr, p.certified.std_errors[i]));
        const minV = Math.min(...lreValues);
        const minE = Math.min(...lreErrors);
        const line = `${p.name.padEnd(9)} s${start}  LRE(values) ${minV.toFixed(1).padStart(4)}  LRE(stderr) ${minE.toFixed(1).padStart(4)}  LRE(rss) ${lre(r.stats.chi2, p.certified.rss).toFixed(1).padStart(4)}  nfev ${String(r.nfev).padStart(4)}  status ${r.status}`;
        rows.push(line);
        if (minV < 6 || minE < 4) failures.push(line);
        expect(minV).toBeGreaterThanOrEqual(6);
        expect(minE).toBeGreaterThanOrEqual(4);
      });
    }
  }

  it('prints the LRE table', () => {
    console.log(['NIST StRD, Fitbench defaults (min LRE over parameters):', ...rows, `failures: ${failures.length}`].join('\n'));
    expect(rows.length).toBe(problems.length * 2);
  });
});
