/**
 * Acceptance (issue 11): NIST StRD problems fitted with no start values at all. The full table of
 * all 27 (with times) is bench/autostart-nist.ts → bench/results/autostart-nist.md; this test runs
 * the faster ones (each under ~0.5 s here) and requires LRE ≥ 6 on every parameter, scored up to a
 * relabelling that leaves the model's values unchanged (test/relabel.ts: a sum of exponentials
 * fits the same curve with its terms in any order). Prints the table.
 */
import { describe, expect, it } from 'vitest';
import { loadNist, lre } from '../../test/nist';
import { relabelledLre } from '../../test/relabel';
import { compileModel } from '../model';
import { autoStart } from './multistart';

const FAST = ['Misra1a', 'Gauss1', 'Gauss2', 'Chwirut1', 'Lanczos1', 'Lanczos2', 'DanWood', 'Misra1b', 'Kirby2', 'Hahn1', 'Nelson', 'MGH17', 'Misra1c', 'Misra1d', 'Roszman1', 'Thurber', 'BoxBOD', 'Rat42', 'Eckerle4', 'Rat43', 'MGH10'];

describe('NIST StRD with no start values', () => {
  const rows: string[] = [];
  for (const p of loadNist().filter((q) => FAST.includes(q.name))) {
    it(`${p.name}: LRE ≥ 6 on every parameter`, async () => {
      const compiled = compileModel(p.model, { columns: Object.keys(p.columns) });
      if (!compiled.ok) throw new Error(compiled.error.message);
      const model = compiled.value;
      const r = await autoStart(model, { vars: model.variables.map((v) => p.columns[v].hi), y: p.y.hi }, []);
      const fitted = p.params.map((name) => r.fit.parameters.find((q) => q.name === name)!.value);
      const asLabelled = Math.min(...fitted.map((v, i) => lre(v, p.certified.values[i])));
      const relabelled = relabelledLre(model, p, fitted);
      rows.push(`${p.name.padEnd(9)} LRE ${asLabelled.toFixed(1).padStart(5)}  relabelled ${relabelled.toFixed(1).padStart(5)}  candidates ${r.candidates}  refined ${r.refined}  sameMinimum ${r.sameMinimum}`);
      expect(relabelled).toBeGreaterThanOrEqual(6);
    }, 20_000);
  }
  it('prints the table', () => {
    console.log(['NIST StRD, no start values (min LRE over parameters):', ...rows].join('\n'));
    expect(rows.length).toBe(FAST.length);
  });
});
