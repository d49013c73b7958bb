/**
 * The exported Python script of an ODE fit (issue 23), RUN with python3 + scipy (solve_ivp inside
 * least_squares) on the fixtures' CSVs, agrees with Fitbench's fit of the same rows (odeFit, exact
 * sensitivities): Lotka–Volterra through LSODA (`auto`), A→B→C with σ columns and bounds through
 * RK45 (`dopri5`), parameters to 1e-4 relative (the issue's acceptance) and standard errors to
 * 1e-3. Skipped, with the reason, when python3 or scipy is missing.
 *
 * The script's Jacobian is central differences of an adaptive integration, Fitbench's the
 * integrated sensitivities: both stop at the same minimum to far better than 1e-4 (seen in the
 * assertion messages' numbers when they fail).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { odeFit } from '../fit/ode';
import type { OdeFitData } from '../fit/ode';
import { compileOde, parseStatements } from '../model/index';
import { DEFAULT_SETTINGS } from '../share/testSpecs.test';
import type { FitSpec, OdeSettings } from '../share/types';
import { pythonScript } from './python/script';
import { SOLVE_IVP_METHOD } from './python/odeScript';

function scipyAvailable(): string | null {
  try {
    execFileSync('python3', ['-c', 'import numpy, scipy.integrate, scipy.optimize'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'python3 with numpy and scipy is not available; the exported ODE script cannot be run here';
  }
}
const missing = scipyAvailable();

interface Fixture { model: string; data: string; params: string[]; starts: { good: Record<string, number> } }
const fixture = (name: string) => JSON.parse(readFileSync(join('fixtures', 'ode', `${name}.json`), 'utf8')) as Fixture;

function csvColumns(path: string): Record<string, Float64Array> {
  const [head, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const names = head.split(',');
  const rows = lines.map((l) => l.split(',').map(Number));
  return Object.fromEntries(names.map((n, j) => [n, Float64Array.from(rows, (r) => r[j])]));
}

const dir = mkdtempSync(join(tmpdir(), 'fitbench-ode-py-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface PyFit { success: boolean; parameters: { name: string; value: number; stderr: number | null }[] }

function runScript(spec: FitSpec, csv: string): PyFit {
  copyFileSync(join('fixtures', 'ode', csv), join(dir, csv));
  const path = join(dir, `${spec.ode?.method ?? 'x'}.py`);
  writeFileSync(path, pythonScript(spec, { csvFileName: csv, delimiter: ',', decimalComma: false, header: true }));
  const out = execFileSync('python3', [path], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as PyFit;
}

async function compare(name: string, ode: OdeSettings, bounds: Record<string, [number, number]> = {}, sigmaFirst: string | null = null) {
  const f = fixture(name);
  const parsed = parseStatements(f.model);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const compiled = compileOde(parsed.value);
  if (!compiled.ok) throw new Error(compiled.error.message);
  const cols = csvColumns(join('fixtures', 'ode', f.data));
  const data: OdeFitData = { observed: parsed.value.observations.map((o) => ({ column: o.column, time: cols.t, y: cols[o.column], sigma: o.sigma ? cols[o.sigma] : null })) };
  const parameters = f.params.map((p) => ({ name: p, value: f.starts.good[p], min: bounds[p]?.[0] ?? -Infinity, max: bounds[p]?.[1] ?? Infinity, fixed: false }));
  const ours = await odeFit({ model: compiled.value, data, parameters, integration: ode });
  expect(ours.result.success).toBe(true);
  const spec: FitSpec = {
    version: 1,
    model: f.model,
    libraryId: null,
    columns: { x: ['t'], y: parsed.value.observations[0].column, sigma: sigmaFirst },
    parameters,
    settings: DEFAULT_SETTINGS,
    data: null,
    ode,
  };
  const py = runScript(spec, f.data);
  expect(py.success).toBe(true);
  for (const p of ours.result.parameters) {
    const theirs = py.parameters.find((q) => q.name === p.name);
    expect(theirs, p.name).toBeDefined();
    expect(Math.abs((theirs?.value ?? NaN) - p.value) / Math.abs(p.value), `${p.name}: scipy ${theirs?.value}, Fitbench ${p.value}`).toBeLessThan(1e-4);
    expect(Math.abs((theirs?.stderr ?? NaN) - p.stderr) / p.stderr, `${p.name} stderr: scipy ${theirs?.stderr}, Fitbench ${p.stderr}`).toBeLessThan(1e-3);
  }
}

describe.skipIf(missing !== null)(`the exported ODE script run with scipy${missing ? ` (skipped: ${missing})` : ''}`, () => {
  it('Lotka–Volterra, auto → LSODA: the parameters of Fitbench’s fit to 1e-4, their errors to 1e-3', async () => {
    expect(SOLVE_IVP_METHOD.auto).toBe('LSODA');
    await compare('lotka_volterra', { method: 'auto', rtol: 1e-10, atol: 1e-12 });
  }, 240_000);

  it('A→B→C with σ columns and bounds, dopri5 → RK45: the same', async () => {
    await compare('abc_kinetics', { method: 'dopri5', rtol: 1e-10, atol: 1e-12 }, { k1: [0, 5], k2: [0, 5], A0: [0, 100] }, 'B_sd');
  }, 240_000);
});
