/**
 * Golden comparison of the solver's paths: 36 fits through every variant of the one TRF loop —
 * curveFit on the dense (QR → SVD) and normal (JᵀJ → eigh) linearizations, with and without
 * bounds, x_scale 'jac' and 1, a robust loss; fitGroups (the small allocation-free variant, and
 * trf for bounded groups); globalFit (the arrow/Schur variant) — printed as JSON to full
 * precision, timings dropped. Run it in two checkouts and compare the outputs byte for byte:
 *
 *   npx tsx bench/solver-golden.ts > after.txt   (and the same in the older checkout) && cmp before.txt after.txt
 */
import { fitGroups } from '../src/fit/batch/fitGroups';
import { curveFit } from '../src/fit/curveFit';
import { globalFit } from '../src/fit/global/globalFit';
import { compileModel } from '../src/model';

const model = (src: string) => {
  const compiled = compileModel(src, { columns: ['x'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return compiled.value;
};
let seed = 7;
const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const drop = new Set(['elapsedMs', 'fitMs', 'ms', 'timings', 'durationMs', 'seconds', 'elapsed']);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const clean = (v: any): any => {
  if (ArrayBuffer.isView(v)) return Array.from(v as any);
  if (Array.isArray(v)) return v.map(clean);
  if (v && typeof v === 'object') { const o: any = {}; for (const k of Object.keys(v).sort()) if (!drop.has(k) && typeof v[k] !== 'function') o[k] = clean(v[k]); return o; }
  return v;
};
const out: unknown[] = [];
const gauss = model('a*exp(-(x-mu)^2/(2*s^2)) + c');
const x = Float64Array.from({ length: 300 }, (_, i) => -5 + i / 30);
const y = Float64Array.from(x, (t) => 2 * Math.exp(-((t - 0.5) ** 2) / 2) + 0.3 + 0.05 * (rand() - 0.5));
const P = (b: boolean) => [{ name: 'a', value: 1, min: b ? 0 : null, max: b ? 2.05 : null }, { name: 'mu', value: 0 }, { name: 's', value: 2, min: b ? 0.1 : null }, { name: 'c', value: 0 }];
for (const method of ['dense', 'normal'])
  for (const bounded of [false, true])
    for (const options of [{}, { xScale: 1, ftol: 1e-8, xtol: 1e-8, gtol: 1e-8 }, { loss: 'soft_l1' as const, fScale: 0.1 }]) {
      try { const r = await curveFit({ model: gauss, data: { vars: [x], y }, parameters: P(bounded), options: { ...options, method: method as 'dense' | 'normal' } }); out.push({ case: ['curveFit', method, bounded, options], r: clean(r) }); }
      catch (e) { out.push({ case: ['curveFit', method, bounded, options], error: String((e as Error).message) }); }
    }
const logistic = model('bottom + (top - bottom)*x^hill/(EC50^hill + x^hill)');
const xd = Float64Array.from({ length: 12 }, (_, i) => 0.01 * 10 ** (i / 3));
const groups = Array.from({ length: 60 }, (_, g) => ({ key: `g${g}`, data: { vars: [xd], y: Float64Array.from(xd, (t) => 0.2 + 2 * t / (1 + t) + 0.05 * (rand() - 0.5)) } }));
for (const bounded of [false, true])
  for (const options of [{}, { ftol: 1.49e-8, xtol: 1.49e-8, gtol: 1e-8 }, { xScale: 3 }, { loss: 'cauchy' as const }]) {
    const parameters = [{ name: 'bottom', value: 0.2 }, { name: 'top', value: 2.2, max: bounded ? 2.3 : null }, { name: 'hill', value: 1 }, { name: 'EC50', value: 1 }];
    const r = await fitGroups({ model: logistic, groups, parameters, options });
    out.push({ case: ['fitGroups', bounded, options], r: clean(r) });
    for (const shared of [['hill'], ['hill', 'EC50']]) {
      try { const g = await globalFit({ model: logistic, groups: groups.slice(0, 12), parameters, shared, options }); out.push({ case: ['globalFit', bounded, options, shared], r: clean(g) }); }
      catch (e) { out.push({ case: ['globalFit', bounded, options, shared], error: String((e as Error).message) }); }
    }
  }
console.log(JSON.stringify(out, null, 0).replace(/\},\{"case"/g, '},\n{"case"'));
