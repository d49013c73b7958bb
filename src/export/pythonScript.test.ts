/**
 * The exported Python script, run with python3 + scipy on a CSV in a temp dir, agrees with
 * Fitbench's curveFit on the same file. Skipped (with the reason) when python3 or scipy is missing.
 *
 * Tolerance: parameters agree to 1e-7 relative to max(|value|, stderr), standard errors to 1e-6
 * relative. scipy differentiates by forward differences (relative step √ε ≈ 1.5e-8), so its
 * Jacobian, its stopping point and its pcov carry errors of that order; Fitbench's are analytic.
 * Scaling by the standard error keeps a parameter near 0 from turning a harmless absolute
 * difference into a large relative one. (Seen: ≤ 6e-9 on parameters, ≤ 3e-8 on errors.)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDelimitedText, selectColumns } from '../data';
import { curveFit } from '../fit/curveFit';
import type { FitResult } from '../fit/types';
import { compileModel } from '../model';
import { decaySpec, DEFAULT_SETTINGS } from '../share/testSpecs.test';
import type { FitSpec, ParameterRow, SolverSettings } from '../share/types';
import { pythonScript, type PythonScriptOptions } from './python/script';

function scipyAvailable(): string | null {
  try {
    execFileSync('python3', ['-c', 'import numpy, scipy.optimize, scipy.special'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'python3 with numpy and scipy is not available; the exported script cannot be run here';
  }
}
const missing = scipyAvailable();

/** Deterministic normal noise (xorshift32 + Box–Muller). */
function gaussian(seed: number): () => number {
  let s = seed >>> 0 || 1;
  const u = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) + 0.5) / 2 ** 32;
  };
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

interface Case {
  readonly name: string;
  readonly spec: FitSpec;
  /** Column name → values, in file order. */
  readonly table: Record<string, number[]>;
  readonly csv: Omit<PythonScriptOptions, 'csvFileName'>;
}

function csvText(table: Record<string, number[]>, o: Case['csv']): string {
  const names = Object.keys(table);
  const sep = o.delimiter === 'whitespace' ? '  ' : o.delimiter;
  const num = (v: number) => (o.decimalComma ? String(v).replace('.', ',') : String(v));
  const lines = o.header ? [names.join(sep)] : [];
  for (let i = 0; i < table[names[0]].length; i++) lines.push(names.map((n) => num(table[n][i])).join(sep));
  return `# written by pythonScript.test.ts\n${lines.join('\n')}\n`;
}

const row = (name: string, value: number, patch: Partial<ParameterRow> = {}): ParameterRow => ({ name, value, min: -Infinity, max: Infinity, fixed: false, ...patch });
const settings = (patch: Partial<SolverSettings> = {}): SolverSettings => ({ ...DEFAULT_SETTINGS, ...patch });
const CSV = { delimiter: ',', decimalComma: false, header: true };

function decayTable(seed: number, n = 60, withSigma = false): Record<string, number[]> {
  const g = gaussian(seed);
  const t = Array.from({ length: n }, (_, i) => (i * 10) / (n - 1));
  const sigma = t.map((_, i) => 5 + (i % 7));
  const counts = t.map((v, i) => 1000 * Math.exp(-v / 2.5) + 50 + (withSigma ? sigma[i] : 8) * g());
  return withSigma ? { t, counts, sigma } : { t, counts };
}

const cases: Case[] = [
  {
    name: 'unweighted exponential decay',
    spec: decaySpec({ data: null, parameters: [row('A', 800), row('tau', 1), row('c', 0)] }),
    table: decayTable(1),
    csv: CSV,
  },
  {
    name: 'weighted, sigma column, absolute_sigma, semicolon + decimal comma',
    spec: decaySpec({ data: null, columns: { x: ['t'], y: 'counts', sigma: 'sigma' }, parameters: [row('A', 800), row('tau', 1), row('c', 0)], settings: settings({ absoluteSigma: true }) }),
    table: decayTable(2, 80, true),
    csv: { delimiter: ';', decimalComma: true, header: true },
  },
  {
    name: 'bounds, one of them active; whitespace-delimited',
    spec: decaySpec({
      data: null,
      parameters: [row('A', 800, { min: 0, max: 5000 }), row('tau', 1, { min: 0.1, max: 2 }), row('c', 10, { min: -Infinity, max: 100 })],
    }),
    table: decayTable(3),
    csv: { delimiter: 'whitespace', decimalComma: false, header: true },
  },
  {
    name: 'a fixed parameter',
    spec: decaySpec({ data: null, parameters: [row('A', 800), row('tau', 1), row('c', 45, { fixed: true })] }),
    table: decayTable(4),
    csv: CSV,
  },
  {
    name: 'soft_l1 loss with outliers, f_scale 20, numeric x_scale, own tolerances',
    spec: decaySpec({
      data: null,
      parameters: [row('A', 800), row('tau', 2), row('c', 40)],
      settings: settings({ loss: 'soft_l1', fScale: 20, xScale: 1, ftol: 1e-12, xtol: 1e-12, gtol: 1e-12, maxNfev: 5000 }),
    }),
    table: (() => {
      const t = decayTable(5);
      [7, 19, 33, 48].forEach((i) => (t.counts[i] += 300));
      return t;
    })(),
    csv: CSV,
  },
  {
    name: 'two variables: a*x1 + b*exp(-c*x2), no header',
    spec: {
      ...decaySpec({ data: null }),
      model: 'a*x + b*exp(-c*y)',
      columns: { x: ['x', 'y'], y: 'sigma', sigma: null },
      parameters: [row('a', 1), row('b', 1), row('c', 0.5)],
    },
    table: (() => {
      const g = gaussian(6);
      const x = Array.from({ length: 70 }, (_, i) => (i % 10) * 0.7);
      const y = Array.from({ length: 70 }, (_, i) => Math.floor(i / 10) * 0.9 + (i % 3) * 0.1);
      // without a header three columns are named x, y, sigma (src/data/names.ts): the response is "sigma"
      const z = x.map((xi, i) => 2.5 * xi + 4 * Math.exp(-1.3 * y[i]) + 0.05 * g());
      return { x, y, sigma: z };
    })(),
    csv: { delimiter: ',', decimalComma: false, header: false },
  },
  {
    name: 'erf in the model (a smoothed step)',
    spec: {
      ...decaySpec({ data: null }),
      model: 'A/2*(1 + erf((x - mu)/(sqrt(2)*s))) + b',
      columns: { x: ['x'], y: 'y', sigma: null },
      parameters: [row('A', 1), row('mu', 0.5), row('s', 1, { min: 0, max: Infinity }), row('b', 0)],
    },
    table: (() => {
      const g = gaussian(7);
      const x = Array.from({ length: 90 }, (_, i) => -4 + i * 0.1);
      return { x, y: x.map((v) => 3 * 0.5 * (1 + erfApprox((v - 0.7) / (Math.SQRT2 * 0.8))) + 0.2 + 0.02 * g()) };
    })(),
    csv: CSV,
  },
  {
    name: 'names that are Python keywords, builtins and the script\'s own names',
    spec: {
      ...decaySpec({ data: null }),
      model: 'def*exp(-lambda/np) + print + 0*X',
      columns: { x: ['lambda', 'X'], y: 'in', sigma: 'None' },
      parameters: [row('def', 800), row('np', 1, { min: 0.01, max: 100 }), row('print', 0)],
    },
    table: (() => {
      const t = decayTable(8, 60, true);
      return { lambda: t.t, X: t.t.map((v) => v * 2), in: t.counts, None: t.sigma };
    })(),
    csv: CSV,
  },
];

/** erf for the synthetic data (Abramowitz–Stegun 7.1.26 is enough to make a step). */
function erfApprox(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}

async function fitbench(spec: FitSpec, text: string, o: Case['csv']): Promise<FitResult> {
  const parsed = parseDelimitedText(text, {
    delimiter: o.delimiter === 'whitespace' ? 'whitespace' : (o.delimiter as ',' | ';'),
    decimal: o.decimalComma ? ',' : '.',
    header: o.header,
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const sel = selectColumns(parsed.value, { x: spec.columns.x, y: spec.columns.y, sigma: spec.columns.sigma, strict: true });
  if (!sel.ok) throw new Error(sel.error.message);
  const model = compileModel(spec.model, { columns: spec.columns.x });
  if (!model.ok) throw new Error(model.error.message);
  const s = spec.settings;
  return curveFit({
    model: model.value,
    data: { vars: sel.value.vars, y: sel.value.y, sigma: sel.value.sigma },
    parameters: spec.parameters.map((p) => ({ name: p.name, value: p.value, min: p.min, max: p.max, fixed: p.fixed })),
    options: { loss: s.loss, fScale: s.fScale, ftol: s.ftol, xtol: s.xtol, gtol: s.gtol, maxNfev: s.maxNfev, xScale: s.xScale, method: s.method, absoluteSigma: s.absoluteSigma },
  });
}

interface ScipyOut {
  success: boolean;
  nfev: number;
  parameters: { name: string; value: number; stderr: number | null; fixed: boolean }[];
}

describe('pythonScript runs in scipy and agrees with curveFit', () => {
  const dir = missing === null ? mkdtempSync(join(tmpdir(), 'fitbench-export-')) : '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  for (const c of cases) {
    it(c.name, async (ctx) => {
      if (missing !== null) return ctx.skip(missing);
      const text = csvText(c.table, c.csv);
      const csvPath = join(dir, `${c.name.replace(/[^a-z0-9]+/gi, '_')}.csv`);
      writeFileSync(csvPath, text);
      const script = pythonScript(c.spec, { csvFileName: 'data.csv', ...c.csv });
      const scriptPath = csvPath.replace(/\.csv$/, '.py');
      writeFileSync(scriptPath, script);
      const stdout = execFileSync('python3', [scriptPath, csvPath], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const lines = stdout.trim().split('\n');
      const out = JSON.parse(lines[lines.length - 1]) as ScipyOut;
      const ours = await fitbench(c.spec, text, c.csv);
      expect(ours.success).toBe(true);
      expect(out.success).toBe(true);
      expect(out.parameters.map((p) => p.name)).toEqual(ours.parameters.map((p) => p.name));
      out.parameters.forEach((p, i) => {
        const q = ours.parameters[i];
        expect(p.fixed).toBe(q.fixed);
        const scale = Math.max(Math.abs(q.value), q.fixed ? 0 : q.stderr);
        expect(Math.abs(p.value - q.value) / scale, `${p.name}: scipy ${p.value}, Fitbench ${q.value}`).toBeLessThan(1e-7);
        if (q.fixed) expect(p.stderr).toBeNull();
        else expect(Math.abs((p.stderr ?? NaN) - q.stderr) / q.stderr, `${p.name} stderr: scipy ${p.stderr}, Fitbench ${q.stderr}`).toBeLessThan(1e-6);
      });
    });
  }
});
