/**
 * Bands and profile intervals of ODE fits (issue 23) against fixtures/ode/make_uncertainty.py:
 * A → B → C in Bateman's closed form fitted by scipy (no integrator), its delta-method bands from
 * complex-step gradients and its profile intervals by brute-force refits located by brentq. With
 * the σ columns and without. Fitbench integrates the ODE (sensitivities for the bands, odeFit
 * refits for the profiles).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileOde } from '../../model/odeCompile';
import { parseStatements } from '../../model/statements';
import { odeBands } from './odeBands';
import { ODE_DEFAULTS } from './odeDefaults';
import { odeFit } from './odeFit';
import { odeProfileIntervals } from './odeProfile';
import type { OdeFitData } from './observations';

interface Variant {
  model: string;
  params: Record<string, number>;
  chi2: number;
  t: number;
  bands: Record<string, { values: number[]; confidence: number[]; prediction?: number[] }>;
  profile: Record<string, [number, number]>;
}
const ref = JSON.parse(readFileSync('fixtures/ode/uncertainty.json', 'utf8')) as { times: number[]; fits: Record<string, Variant> };

function csv(path: string): Record<string, Float64Array> {
  const [head, ...lines] = readFileSync(path, 'utf8').trim().split(/\r?\n/);
  const rows = lines.map((l) => l.split(',').map(Number));
  return Object.fromEntries(head.split(',').map((n, j) => [n, Float64Array.from(rows, (r) => r[j])]));
}
const cols = csv('fixtures/ode/abc_kinetics.csv');

async function fitted(variant: string) {
  const v = ref.fits[variant];
  const spec = parseStatements(v.model, { columns: Object.keys(cols) });
  if (!spec.ok) throw new Error(spec.error.message);
  const model = compileOde(spec.value);
  if (!model.ok) throw new Error(model.error.message);
  const weighted = variant === 'weighted';
  const data: OdeFitData = { observed: ['B', 'C'].map((c) => ({ column: c, time: cols.t, y: cols[c], sigma: weighted ? cols[`${c}_sd`] : null })) };
  const input = { model: model.value, data, parameters: [{ name: 'k1', value: 0.3 }, { name: 'k2', value: 0.1 }, { name: 'A0', value: 9 }] };
  const { result } = await odeFit(input);
  return { v, input, result };
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('ODE bands and profile intervals against scipy on the closed form', () => {
  for (const variant of ['weighted', 'unweighted']) {
    it(`${variant}: the delta-method bands through the sensitivities equal the closed form's to 1e-6`, async () => {
      const { v, input, result } = await fitted(variant);
      expect(rel(result.stats.chi2, v.chi2)).toBeLessThan(1e-9);
      const times = Float64Array.from(ref.times);
      const bands = odeBands({ model: input.model, result, times, integration: ODE_DEFAULTS, observed: input.data.observed });
      expect(bands.failure).toBeNull();
      for (const b of bands.responses) {
        const want = v.bands[b.column];
        times.forEach((_, i) => {
          expect(rel(b.values[i], want.values[i]), `${b.column}(${times[i]})`).toBeLessThan(1e-7);
          expect(rel(b.confidence.upper[i] - b.values[i], want.confidence[i]), `${b.column} confidence at ${times[i]}`).toBeLessThan(1e-6);
          expect(rel(b.values[i] - b.confidence.lower[i], want.confidence[i])).toBeLessThan(1e-6);
          if (want.prediction) expect(rel(b.prediction.upper[i] - b.values[i], want.prediction[i]), `${b.column} prediction at ${times[i]}`).toBeLessThan(1e-6);
        });
      }
    });

    it(`${variant}: profile intervals equal brute-force refits' to 1e-6 of their width`, async () => {
      const { v, input, result } = await fitted(variant);
      const { profiles, warnings } = await odeProfileIntervals(input, result);
      expect(warnings).toEqual([]);
      expect(profiles.map((p) => p.name)).toEqual(['k1', 'k2', 'A0']);
      for (const p of profiles) {
        const [lo, hi] = v.profile[p.name];
        expect(Math.abs((p.lower as number) - lo) / (hi - lo), `${p.name} lower`).toBeLessThan(1e-6);
        expect(Math.abs((p.upper as number) - hi) / (hi - lo), `${p.name} upper`).toBeLessThan(1e-6);
      }
    }, 20_000);
  }
});
