/**
 * NIST StRD with --varpro against the plain fit, on every problem with linear parameters (Nelson,
 * fitted to log y, is left out), from NIST's start 1, start 2 and all ones: the minimum LRE over
 * the certified values (as labelled, and up to a relabelling of exchangeable terms), the LRE of
 * the RSS (whether the certified minimum was reached at all), the reduced fit's evaluations and
 * the full fit's iterations after it, and the time of each.
 *
 * Run: npx tsx bench/varpro-nist.ts   (table also written to bench/results/varpro-nist.md)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { curveFit } from '../src/fit/curveFit';
import type { FitResult } from '../src/fit/types';
import { compileModel } from '../src/model';
import { linearParameters } from '../src/start/linearity';
import { varproFit } from '../src/start/varpro';
import { loadNist, lre } from '../test/nist';
import { relabelledLre } from '../test/relabel';

const lines: string[] = [
  `NIST StRD, plain TRF against --varpro (src/start/varpro.ts), Node ${process.version}; times on a shared 2-core machine (indicative only)`,
  '',
  '| problem | start | linear | plain LRE | plain LRE relabelled | plain RSS LRE | plain nit | plain ms | VarPro LRE | VarPro LRE relabelled | VarPro RSS LRE | reduced nfev | full nit | VarPro ms |',
  '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];
const count = { plain: 0, varpro: 0, runs: 0 };
for (const p of loadNist()) {
  if (p.response_transform) continue;
  const compiled = compileModel(p.model, { columns: Object.keys(p.columns) });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  const linear = linearParameters(model.ast, model.params);
  if (linear.length === 0) continue;
  const data = { vars: model.variables.map((v) => p.columns[v].hi), varsLo: model.variables.map((v) => p.columns[v].lo), y: p.y.hi, yLo: p.y.lo };
  for (const [label, x0] of [['1', p.start1], ['2', p.start2], ['ones', p.params.map(() => 1)]] as const) {
    const parameters = model.params.map((name) => ({ name, value: x0[p.params.indexOf(name)] }));
    const score = async (run: () => Promise<FitResult>) => {
      const t0 = performance.now();
      try {
        const fit = await run();
        const fitted = p.params.map((name) => fit.parameters.find((q) => q.name === name)!.value);
        const minLre = Math.min(...fitted.map((v, i) => lre(v, p.certified.values[i])));
        return { minLre, relabelled: relabelledLre(model, p, fitted), rss: lre(2 * fit.cost, p.certified.rss), nit: String(fit.nit), ms: performance.now() - t0 };
      } catch (error) {
        return { minLre: NaN, relabelled: NaN, rss: NaN, nit: `error: ${(error as Error).message.slice(0, 60)}…`, ms: performance.now() - t0 };
      }
    };
    let nfev = 0;
    const plain = await score(() => curveFit({ model, data, parameters }));
    const vp = await score(async () => {
      const r = await varproFit({ model, data, parameters });
      nfev = r.varpro.nfev;
      return r.fit;
    });
    count.runs++;
    if (plain.relabelled >= 6) count.plain++;
    if (vp.relabelled >= 6) count.varpro++;
    const f = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(1));
    lines.push(
      `| ${p.name} | ${label} | ${linear.map((i) => model.params[i]).join(' ')} | ${f(plain.minLre)} | ${f(plain.relabelled)} | ${f(plain.rss)} | ${plain.nit} | ${plain.ms.toFixed(0)} | ${f(vp.minLre)} | ${f(vp.relabelled)} | ${f(vp.rss)} | ${nfev} | ${vp.nit} | ${vp.ms.toFixed(0)} |`,
    );
    console.log(lines[lines.length - 1]);
  }
}
lines.push('', `LRE ≥ 6 on every parameter (up to a relabelling): plain ${count.plain} of ${count.runs} fits, VarPro ${count.varpro} of ${count.runs}.`);
console.log(lines[lines.length - 1]);
writeFileSync(join(import.meta.dirname, 'results', 'varpro-nist.md'), lines.join('\n') + '\n');
