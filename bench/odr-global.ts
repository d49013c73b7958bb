/**
 * A global fit with errors in x (src/fit/odr/globalOdrFit.ts) as the groups grow: G groups of 20
 * rows of y = A·exp(−k·x) + c with σx = 0.05, σy = 0.1, k shared, A and c per group, so
 * P = 1 + 2G free β and n = 20G rows (one δ each). Each row's Schur term touches its support
 * [k | A_g, c_g] only (solver/arrowSupport.ts); the P×P Schur complement is factored dense.
 *
 * Run: npx tsx bench/odr-global.ts [G …]  (prints one line per G; results/odr-global.md).
 */
import { compileModel } from '../src/model/index';
import { globalOdrFit } from '../src/fit/odr/index';

const m = compileModel('A*exp(-k*x) + c', { columns: ['x'] });
if (!m.ok) throw new Error(m.error.message);
let seed = 1;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const gauss = () => Math.sqrt(-2 * Math.log(rnd())) * Math.cos(2 * Math.PI * rnd());
const sizes = process.argv.slice(2).map(Number);
for (const G of sizes.length ? sizes : [10, 50, 100, 200, 400]) {
  const groups = Array.from({ length: G }, (_, g) => {
    const n = 20;
    const x = Float64Array.from({ length: n }, (_, i) => 0.1 + (4 * i) / n);
    const A = 2 + (g % 5) * 0.5;
    const c = 0.3 + (g % 3) * 0.2;
    const y = x.map((v) => A * Math.exp(-0.7 * (v + 0.05 * gauss())) + c + 0.1 * gauss());
    return { key: `g${g}`, data: { vars: [x], y, sigmaY: new Float64Array(n).fill(0.1), sigmaX: [new Float64Array(n).fill(0.05)], lines: null } };
  });
  const t = performance.now();
  const r = await globalOdrFit({ model: m.value, groups, parameters: [{ name: 'A', value: 2 }, { name: 'k', value: 0.5 }, { name: 'c', value: 0.5 }], shared: ['k'] });
  const ms = performance.now() - t;
  console.log(`G ${G}  P ${r.odr.beta.length}  n ${r.odr.rows}  ${ms.toFixed(0)} ms (ODR ${r.odr.fitMs.toFixed(0)} ms)  nfev ${r.odr.nfev}  ${r.odr.success ? 'converged' : 'not converged'}  k = ${r.odr.beta[0].toFixed(5)} ± ${r.odr.sdBeta[0].toFixed(5)}`);
}
