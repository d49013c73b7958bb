/**
 * ODE models in links (issue 23): the statements, the integration and every observed column's
 * data travel and come back exactly; a link whose columns disagree with its statements, whose
 * statements do not parse, or whose `ode` field is missing, misplaced or out of range is refused
 * with the field and the fix.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeSpec } from './decode';
import { encodeSpec } from './encode';
import { writeJson } from './jsonText';
import { planLink } from './planLink';
import { specDataColumns } from './odeSpec';
import { decaySpec, DEFAULT_SETTINGS, rawLink } from './testSpecs.test';
import { SPEC_VERSION, type FitSpec } from './types';
import { specToWire } from './wire';

const lv = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'ode', 'lotka_volterra.json'), 'utf8')) as { model: string; params: string[]; starts: { good: Record<string, number> } };
const abc = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'ode', 'abc_kinetics.json'), 'utf8')) as { model: string; params: string[] };

function odeSpec(patch: Partial<FitSpec> = {}): FitSpec {
  return {
    version: SPEC_VERSION,
    model: lv.model,
    libraryId: null,
    columns: { x: ['t'], y: 'Hare', sigma: null },
    parameters: lv.params.map((name) => ({ name, value: lv.starts.good[name], min: 0, max: Infinity, fixed: false })),
    settings: DEFAULT_SETTINGS,
    data: { kind: 'inline', fileName: 'lotka_volterra.csv', columns: { t: [0, 1, 2], Hare: [30, 40.5, 52], Lynx: [4, 4.4, 6.1] } },
    ode: { method: 'dopri5', rtol: 1e-9, atol: 1e-11 },
    ...patch,
  };
}

function forged(edit: (wire: Record<string, unknown>) => void, spec = odeSpec()): string {
  const wire = JSON.parse(writeJson(specToWire(spec))) as Record<string, unknown>;
  edit(wire);
  return rawLink(JSON.stringify(wire));
}

function refusal(link: string): string {
  const r = decodeSpec(link);
  expect(r.ok).toBe(false);
  return r.ok ? '' : r.error.message;
}

describe('an ODE model in a link', () => {
  it('round-trips the statements, the integration and every observed column', () => {
    const spec = odeSpec();
    expect(decodeSpec(encodeSpec(spec))).toEqual({ ok: true, spec });
    expect(specDataColumns(spec).names).toEqual(['t', 'Hare', 'Lynx']);
  });

  it('carries σ columns of several ~ lines (checked > 0) and plans a fingerprint when a cell is empty', () => {
    const spec = odeSpec({
      model: abc.model,
      columns: { x: ['t'], y: 'B', sigma: 'B_sd' },
      parameters: abc.params.map((name) => ({ name, value: 1, min: -Infinity, max: Infinity, fixed: false })),
      data: null,
    });
    expect(specDataColumns(spec)).toEqual({ names: ['t', 'B', 'B_sd', 'C', 'C_sd'], sigmas: ['B_sd', 'C_sd'] });
    const cols = [[0, 1], [0.1, 0.5], [0.01, 0.02], [0, 0.2], [0.01, 0.02]];
    const inline = planLink(spec, cols);
    expect(inline.dataIncluded).toBe(true);
    expect(decodeSpec(inline.fragment)).toMatchObject({ ok: true, spec: { data: { kind: 'inline', columns: { C_sd: [0.01, 0.02] } } } });
    const gap = planLink(spec, [[0, 1], [0.1, 0.5], [0.01, 0.02], [NaN, 0.2], [0.01, 0.02]]);
    expect(gap.data?.kind).toBe('fingerprint');
    const bad = forged((w) => ((w.data as { columns: Record<string, number[]> }).columns.C_sd = [0.01, 0]), { ...spec, data: inline.data });
    expect(refusal(bad)).toMatch(/data\.columns\.C_sd\[1\] must be > 0 \(it is a sigma\)/);
  });

  it('reads a one-state model without a ~ line as observing columns.y, as the CLI does', () => {
    const spec = odeSpec({
      model: 'dA/dt = -k*A; A(0) = A0',
      columns: { x: ['t'], y: 'conc', sigma: null },
      parameters: [{ name: 'k', value: 0.3, min: 0, max: Infinity, fixed: false }, { name: 'A0', value: 10, min: -Infinity, max: Infinity, fixed: false }],
      data: { kind: 'inline', fileName: null, columns: { t: [0, 1], conc: [10, 7.4] } },
    });
    expect(decodeSpec(encodeSpec(spec))).toEqual({ ok: true, spec });
  });

  it('refuses columns that disagree with the statements, naming the field and the fix', () => {
    expect(refusal(forged((w) => (w.columns = { x: ['t'], y: 'Lynx', sigma: null })))).toMatch(/columns\.y must be "Hare", the column of the model's first ~ line/);
    expect(refusal(forged((w) => (w.columns = { x: ['t', 'Lynx'], y: 'Hare', sigma: null })))).toMatch(/columns\.x must name exactly one column, the time column/);
    expect(refusal(forged((w) => (w.columns = { x: ['Lynx'], y: 'Hare', sigma: null }), odeSpec({ data: null })))).toMatch(/columns\.x names "Lynx" as time, which a ~ line observes/);
    expect(refusal(forged((w) => ((w.data as { columns: Record<string, unknown> }).columns = { t: [0], Hare: [1] })))).toMatch(/data\.columns\.Lynx is missing/);
    expect(refusal(forged((w) => ((w.parameters as unknown[]).pop())))).toMatch(/parameters lacks the model's parameter L0/);
  });

  it('refuses statements that do not parse, and an ode field missing, misplaced or out of range', () => {
    expect(refusal(forged((w) => (w.model = 'dH/dt = alpha*H; dL/dt = -L; H(0) = H0; Hare ~ H')))).toMatch(/The ODE model in this link does not parse: .*L.*initial value/);
    expect(refusal(forged((w) => delete w.ode))).toMatch(/ode is missing: an ODE model needs its integration settings/);
    const closed = JSON.parse(writeJson(specToWire(decaySpec()))) as Record<string, unknown>;
    expect(refusal(rawLink(JSON.stringify({ ...closed, ode: { method: 'auto', rtol: 1e-8, atol: 1e-10 } })))).toMatch(/ode belongs to an ODE model/);
    expect(refusal(forged((w) => (w.ode = { method: 'rk4', rtol: 1e-8, atol: 1e-10 })))).toMatch(/ode\.method must be one of auto, dopri5, rodas4/);
    expect(refusal(forged((w) => (w.ode = { method: 'auto', rtol: 1, atol: 1e-10 })))).toMatch(/ode\.rtol must be below 1/);
    expect(refusal(forged((w) => (w.ode = { method: 'auto', rtol: 1e-8, atol: 0 })))).toMatch(/ode\.atol must be > 0/);
  });
});
