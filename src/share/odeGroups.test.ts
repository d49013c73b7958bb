/**
 * Grouped ODE fits in links (issues 23, 25): the statements, the time column, the group column
 * and keys, the mode (each, global with shared parameters, mixed with random parameters, Ψ and
 * method) and the integration come back exactly from a link; a bad groups field of an ODE link is
 * refused naming its path.
 */
import { describe, expect, it } from 'vitest';
import { decodeSpec } from './decode';
import { encodeSpec } from './encode';
import { writeJson } from './jsonText';
import { DEFAULT_SETTINGS, rawLink } from './testSpecs.test';
import { SPEC_VERSION, type FitSpec, type GroupSpec } from './types';
import { specToWire } from './wire';

// Orange (fixtures/mixed/orange.csv) as the page fits it: the logistic growth ODE.
const LOGISTIC = 'dy/dt = y*(1 - y/Asym)/scal; y(0) = Asym/(1+exp(xmid/scal)); circumference ~ y';

function groupedOde(groups: GroupSpec): FitSpec {
  return {
    version: SPEC_VERSION,
    model: LOGISTIC,
    libraryId: null,
    columns: { x: ['age'], y: 'circumference', sigma: null },
    parameters: [
      { name: 'Asym', value: 192, min: 0, max: Infinity, fixed: false },
      { name: 'xmid', value: 728, min: -Infinity, max: Infinity, fixed: false },
      { name: 'scal', value: 353, min: -Infinity, max: Infinity, fixed: false },
    ],
    settings: DEFAULT_SETTINGS,
    data: { kind: 'inline', fileName: 'orange.csv', columns: { age: [118, 484, 118, 484], circumference: [30, 58, 33, 69] }, groupKeys: ['1', '1', '2', '2'] },
    groups,
    ode: { method: 'rodas4', rtol: 1e-7, atol: 1e-9 },
  };
}

const MODES: Record<string, GroupSpec> = {
  each: { column: 'Tree', mode: 'each', shared: [] },
  global: { column: 'Tree', mode: 'global', shared: ['xmid', 'scal'], pick: ['1', '2'] },
  mixed: { column: 'Tree', mode: 'mixed', shared: [], mixed: { random: ['Asym', 'xmid'], cov: 'diag', method: 'reml' } },
};

function refusal(edit: (groups: Record<string, unknown>) => void): string {
  const wire = JSON.parse(writeJson(specToWire(groupedOde(MODES.mixed)))) as { groups: Record<string, unknown> };
  edit(wire.groups);
  const r = decodeSpec(rawLink(JSON.stringify(wire)));
  expect(r.ok).toBe(false);
  return r.ok ? '' : r.error.message;
}

describe('a grouped ODE fit in a link', () => {
  for (const [mode, groups] of Object.entries(MODES)) {
    it(`round-trips the ${mode} mode: model, time and group columns, keys, mode and integration`, () => {
      const spec = groupedOde(groups);
      expect(decodeSpec(encodeSpec(spec))).toEqual({ ok: true, spec });
    });
  }

  it('refuses a bad groups field of an ODE link, naming its path', () => {
    expect(refusal((g) => ((g.mixed as { random: string[] }).random = ['y']))).toMatch(/groups\.mixed\.random\[0\] names "y", which is not a parameter of the model/);
    expect(refusal((g) => delete g.mixed)).toMatch(/groups\.mixed is missing/);
    expect(refusal((g) => ((g.mixed as { cov: string }).cov = 'block'))).toMatch(/groups\.mixed\.cov must be one of full, diag/);
    expect(refusal((g) => (g.column = 'a b'))).toMatch(/groups\.column/);
  });
});
