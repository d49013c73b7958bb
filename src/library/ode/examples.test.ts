/**
 * Each ODE example of the library (issue 23) fits: (1) data generated from its statements at the
 * sample's truth, without noise, at the sample's times, are fitted from the example's starts back
 * to the truth (1e-6 relative); (2) its sample in public/samples (simulated by scipy's solve_ivp,
 * make_ode_samples.py) is fitted from the same starts to within 4 standard errors of the truth
 * that made it. The sample's index.json entry carries the example's statements and starts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { odeFit, type OdeFitData } from '../../fit/ode';
import { compileOde, parseStatements, type CompiledOde } from '../../model/index';
import { integrateAt } from '../../plot/odeCurve';
import { ODE_EXAMPLES, type OdeExample } from './examples';

interface SampleEntry { id: string; file: string; model: string; params: Record<string, number>; library?: string; truth: Record<string, number> }
const samples = JSON.parse(readFileSync(join('public', 'samples', 'index.json'), 'utf8')) as SampleEntry[];

function csv(file: string): Record<string, Float64Array> {
  const [head, ...lines] = readFileSync(join('public', 'samples', file), 'utf8').trim().split('\n');
  const names = head.split(',');
  const rows = lines.map((l) => l.split(',').map(Number));
  return Object.fromEntries(names.map((n, j) => [n, Float64Array.from(rows, (r) => r[j])]));
}

function compiled(example: OdeExample, columns: readonly string[]): CompiledOde {
  const spec = parseStatements(example.statements, { columns });
  if (!spec.ok) throw new Error(`${example.id}: ${spec.error.message}`);
  const c = compileOde(spec.value);
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

const startRows = (e: OdeExample) => Object.entries(e.starts).map(([name, s]) => ({ name, value: s.value, min: s.min ?? -Infinity, max: s.max ?? Infinity, fixed: false }));

describe.each(ODE_EXAMPLES.map((e) => [e.id, e] as const))('the ODE example %s', (_, example) => {
  const sample = samples.find((s) => s.id === example.sample);
  if (!sample) throw new Error(`no sample ${example.sample} in public/samples/index.json`);
  const cols = csv(sample.file);
  const model = compiled(example, Object.keys(cols));
  const truth = Float64Array.from(model.spec.params, (p) => sample.truth[p]);

  it('is its sample’s model, with a start for each parameter in order', () => {
    expect(sample.model).toBe(example.statements);
    expect(sample.library).toBe(example.id);
    expect(Object.keys(example.starts)).toEqual(model.spec.params);
    expect(sample.params).toEqual(Object.fromEntries(Object.entries(example.starts).map(([n, s]) => [n, s.value])));
    for (const v of truth) expect(Number.isFinite(v)).toBe(true);
  });

  it('recovers the truth from noise-free data at the sample’s times (1e-6 relative)', async () => {
    const t = cols.t;
    const { values, failure } = integrateAt(model, truth, t);
    expect(failure).toBeNull();
    const data: OdeFitData = { observed: model.spec.observations.map((o, c) => ({ column: o.column, time: t, y: values.slice(c * t.length, (c + 1) * t.length), sigma: null })) };
    const { result } = await odeFit({ model, data, parameters: startRows(example) });
    expect(result.success).toBe(true);
    result.parameters.forEach((p, i) => expect(Math.abs(p.value - truth[i]) / Math.abs(truth[i]), p.name).toBeLessThan(1e-6));
  });

  it('fits its sample from the starts to within 4 standard errors of the truth', async () => {
    const data: OdeFitData = { observed: model.spec.observations.map((o) => ({ column: o.column, time: cols.t, y: cols[o.column], sigma: o.sigma ? cols[o.sigma] : null })) };
    const { result } = await odeFit({ model, data, parameters: startRows(example) });
    expect(result.success).toBe(true);
    result.parameters.forEach((p, i) => expect(Math.abs(p.value - truth[i]) / p.stderr, `${p.name} = ${p.value} ± ${p.stderr}, truth ${truth[i]}`).toBeLessThan(4));
  });
});
