/**
 * Exports of group fits (issue 9): the Python script, run with python3 + scipy, repeats what the
 * CLI command computes (the CLI run in this process from the exported words, test/cli.ts): per
 * group on R's Puromycin and DNase (fixtures/groups), and the global fit with a shared K. The two
 * solvers are independent (scipy's curve_fit / least_squares with forward differences; Fitbench's
 * TRF with analytic derivatives and the arrow Schur complement), so agreement to 1e-6 in the RSS
 * is a real check; R's nls values for the same fits are in fixtures/groupfits/nls_groups.json.
 * Skipped (with the reason) when python3 or scipy is missing; the command's round trip is not.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';
import { parseFitArgs } from '../cli/args';
import { DEFAULT_SETTINGS } from '../share/testSpecs.test';
import type { FitSpec, GroupSpec, ParameterRow } from '../share/types';
import { cliWords } from './cliCommand';
import { pythonScript } from './python/script';

function scipyMissing(): string | null {
  try {
    execFileSync('python3', ['-c', 'import numpy, scipy.optimize'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'python3 with numpy and scipy is not available; the exported script cannot be run here';
  }
}
const missing = scipyMissing();

const FIX = join(import.meta.dirname, '../../fixtures');
const PUROMYCIN = join(FIX, 'groups/puromycin.csv');
const DNASE = join(FIX, 'groups/dnase.csv');
const R = JSON.parse(readFileSync(join(FIX, 'groupfits/nls_groups.json'), 'utf8'));
const CSV = { delimiter: ',', decimalComma: false, header: true };

const row = (name: string, value: number, patch: Partial<ParameterRow> = {}): ParameterRow => ({ name, value, min: -Infinity, max: Infinity, fixed: false, ...patch });

const mm = (groups: GroupSpec, rows?: FitSpec['rows']): FitSpec => ({
  version: 1,
  model: 'Vm*conc/(K + conc)',
  libraryId: null,
  columns: { x: ['conc'], y: 'rate', sigma: null },
  parameters: [row('Vm', 200), row('K', 0.1)],
  settings: DEFAULT_SETTINGS,
  data: null,
  ...(rows ? { rows } : {}),
  groups,
});

const dnase = (groups: GroupSpec, rows?: FitSpec['rows']): FitSpec => ({
  ...mm(groups, rows),
  model: 'Asym/(1 + exp((xmid - log(conc))/scal))',
  columns: { x: ['conc'], y: 'density', sigma: null },
  parameters: [row('Asym', 2, { min: 0, max: 10 }), row('xmid', 1.5), row('scal', 1)],
});

interface GroupJson {
  readonly group: string;
  readonly rows: number;
  readonly success: boolean;
  readonly params: Record<string, number | null>;
  readonly stderr: Record<string, number | null>;
  readonly cost: number | null;
}
interface BatchJson {
  readonly mode: string;
  readonly shared: string[];
  readonly groups: GroupJson[];
  readonly cost: number;
}

const run = cliRunner();
const { file } = tempFiles('fitbench-group-export');
const rel = (a: number | null, b: number | null) => Math.abs((a ?? NaN) - (b ?? NaN)) / Math.abs(b ?? NaN);

async function cli(spec: FitSpec, csv: string): Promise<BatchJson> {
  const r = await run(...cliWords(spec, { csvFileName: csv }).slice(2), '--json');
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as BatchJson;
}

/**
 * Every script of this file, run by one python3 process (one scipy import: seconds on a loaded
 * machine), each as __main__ with its own argv; its last printed line, or how it exited.
 */
const DRIVER = String.raw`
import contextlib, io, json, runpy, sys
for path in sys.argv[1:]:
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            sys.argv = [path]
            runpy.run_path(path, run_name="__main__")
        print(json.dumps({"out": out.getvalue()}))
    except SystemExit as stop:
        print(json.dumps({"out": out.getvalue(), "exit": str(stop.code)}))
`;

interface ScriptRun {
  /** Everything it printed. */
  readonly out: string;
  /** Its last line, as JSON. */
  readonly json: BatchJson;
  /** Why it stopped early (sys.exit's message). */
  readonly exit?: string;
}

function runScripts(scripts: Record<string, string>): Record<string, ScriptRun> {
  const names = Object.keys(scripts);
  const paths = names.map((name) => file(`${name}.py`, scripts[name] as string));
  const out = execFileSync('python3', ['-c', DRIVER, ...paths], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = out.trim().split('\n');
  return Object.fromEntries(
    names.map((name, i) => {
      const run = JSON.parse(lines[i] ?? '{}') as { out: string; exit?: string };
      const last = run.out.trim().split('\n').at(-1) ?? '';
      return [name, { ...run, json: run.exit === undefined ? (JSON.parse(last) as BatchJson) : ({} as BatchJson) }];
    }),
  );
}

/** The same groups, in the same order, with the same rows; RSS to 1e-6; parameters to 1e-5 of their standard errors. */
function agree(py: BatchJson, ours: BatchJson): void {
  expect(py.mode).toBe(ours.mode);
  expect(py.shared).toEqual(ours.shared);
  expect(py.groups.map((g) => [g.group, g.rows, g.success])).toEqual(ours.groups.map((g) => [g.group, g.rows, g.success]));
  expect(rel(py.cost, ours.cost)).toBeLessThan(1e-6);
  py.groups.forEach((g, i) => {
    const o = ours.groups[i];
    expect(rel(g.cost, o.cost), `${g.group} cost`).toBeLessThan(1e-6);
    for (const name of Object.keys(o.params)) {
      expect(Math.abs((g.params[name] ?? NaN) - (o.params[name] ?? NaN)) / (o.stderr[name] ?? NaN), `${g.group} ${name}`).toBeLessThan(1e-5);
      expect(rel(g.stderr[name], o.stderr[name]), `${g.group} stderr ${name}`).toBeLessThan(1e-4);
    }
  });
}

// The cases: Puromycin per group and with a shared K; DNase (numeric keys) with runs 10, 3 and 1
// picked (fitted in the file's order), conc > 0.1 and lines 4-5 (run 1) excluded, per group and
// with a shared xmid and scal; keys as Fitbench writes them; a picked group the file lacks.
const DNASE_ROWS = { where: ['conc>0.1'], exclude: [4, 5] };
const PICK = ['10', '3', '1'];
const line = (spec: FitSpec): FitSpec => ({ ...spec, model: 'a*x', columns: { x: ['x'], y: 'y', sigma: null }, parameters: [row('a', 1)] });
// A numeric column keyed by value (1.50 and 1.5 are one group; 1e-7, 2.5e21 as ECMAScript writes them).
const NUMERIC = ['1.50', '1.5', '0.25', '1e-7', '2.5e21', '-3', '100'];
const numericCsv = file('numeric.csv', `${['x,y,g', ...NUMERIC.flatMap((key, k) => [1, 2, 3].map((x) => `${x},${(k + 1) * x + 0.01 * (x % 2)},${key}`))].join('\n')}\n`);
// A text column: keys as written, picked through the command's escaping.
const TEXT = ['a,b', 'c\\d', '"q"', 'plain'];
const textCsv = file('text.csv', `${['x,y,g', ...TEXT.flatMap((key, k) => [1, 2, 3].map((x) => `${x},${(k + 2) * x + 0.02 * (x % 2)},"${key.replace(/"/g, '""')}"`))].join('\n')}\n`);

// A single fit of the treated rows as the page exports it (startSpec.ts): from the start values,
// with the page's fitted values (R's nls here) printed beside scipy's.
const { groups: _none, ...SINGLE } = mm({ column: 'state', mode: 'each', shared: [] }, { where: ['state=treated'], exclude: [] });
const PAGE_FIT = [{ name: 'Vm', value: R.puromycin.perGroup[0].params.Vm as number }, { name: 'K', value: R.puromycin.perGroup[0].params.K as number }];

const CASES: Record<string, { spec: FitSpec; csv: string }> = {
  each: { spec: mm({ column: 'state', mode: 'each', shared: [] }), csv: PUROMYCIN },
  global: { spec: mm({ column: 'state', mode: 'global', shared: ['K'] }), csv: PUROMYCIN },
  dnaseEach: { spec: dnase({ column: 'Run', mode: 'each', shared: [], pick: PICK }, DNASE_ROWS), csv: DNASE },
  dnaseGlobal: { spec: dnase({ column: 'Run', mode: 'global', shared: ['xmid', 'scal'], pick: PICK }, DNASE_ROWS), csv: DNASE },
  numeric: { spec: line(mm({ column: 'g', mode: 'each', shared: [] })), csv: numericCsv },
  text: { spec: line(mm({ column: 'g', mode: 'each', shared: [], pick: ['c\\d', 'a,b', '"q"'] })), csv: textCsv },
  unknown: { spec: mm({ column: 'state', mode: 'each', shared: [], pick: ['treated', 'inhibited'] }), csv: PUROMYCIN },
};

describe.skipIf(missing !== null)('exported group scripts agree with the CLI', () => {
  let py: Record<string, ScriptRun> = {};
  beforeAll(() => {
    const scripts = Object.fromEntries(Object.entries(CASES).map(([name, c]) => [name, pythonScript(c.spec, { csvFileName: c.csv, ...CSV })]));
    scripts.single = pythonScript(SINGLE, { csvFileName: PUROMYCIN, ...CSV, pageFit: PAGE_FIT });
    py = runScripts(scripts);
  }, 120_000);
  const both = async (name: string) => {
    const c = CASES[name] as { spec: FitSpec; csv: string };
    const ours = await cli(c.spec, c.csv);
    const theirs = py[name]?.json as BatchJson;
    agree(theirs, ours);
    return theirs;
  };

  it('per group on Puromycin: R\'s RSS per group', async () => {
    const each = await both('each');
    each.groups.forEach((g, i) => expect(rel(2 * (g.cost ?? NaN), R.puromycin.perGroup[i].rss)).toBeLessThan(1e-6));
  });

  it('global with a shared K on Puromycin: R\'s RSS, one K for both groups', async () => {
    const global = await both('global');
    expect(global.groups[0].params.K).toBe(global.groups[1].params.K);
    expect(rel(2 * global.cost, R.puromycin.globalSharedK.rss)).toBeLessThan(1e-6);
  });

  it('numeric group keys, picked groups, row filters and excluded lines on DNase, per group and global', async () => {
    expect((await both('dnaseEach')).groups.map((g) => [g.group, g.rows])).toEqual([['1', 12], ['3', 14], ['10', 14]]);
    expect((await both('dnaseGlobal')).shared).toEqual(['xmid', 'scal']);
  });

  it('group keys as Fitbench writes them: shortest decimals, text with commas and quotes', async () => {
    expect((await both('numeric')).groups.map((g) => g.group)).toEqual(['1.5', '0.25', '1e-7', '2.5e+21', '-3', '100']);
    expect((await both('text')).groups.map((g) => g.group)).toEqual(['a,b', 'c\\d', '"q"']);
  });

  it('a single fit starts from the start values and prints the page\'s values beside its own', async () => {
    const single = py.single as ScriptRun;
    expect(single.out).toMatch(/^Fitbench \(the page\) found:\n  Vm = 212\.68\d* \(scipy - Fitbench = \S+, \S+ standard errors\)$/m);
    const scipy = single.json as unknown as { parameters: { name: string; value: number }[] };
    const r = await run(...cliWords(SINGLE, { csvFileName: PUROMYCIN }).slice(2), '--json');
    const ours = JSON.parse(r.out) as { params: Record<string, number>; rss: number };
    expect(cliWords(SINGLE, { csvFileName: PUROMYCIN })).toContain('Vm=200,K=0.1');
    for (const p of scipy.parameters) expect(rel(p.value, ours.params[p.name] ?? NaN), p.name).toBeLessThan(1e-6);
    expect(rel(ours.rss, R.puromycin.perGroup[0].rss)).toBeLessThan(1e-6);
  });

  it('names a picked group the file lacks', () => {
    expect(py.unknown?.exit).toMatch(/column 'state' has no group 'inhibited' \(the groups are treated, untreated\)/);
  });
});

describe('the group command reads back through the CLI\'s parser', () => {
  const words = (groups: GroupSpec, patch: Partial<FitSpec> = {}) => {
    const cmd = parseFitArgs(cliWords({ ...mm(groups), ...patch }, { csvFileName: 'p.csv' }).slice(3));
    if (cmd === 'help') throw new Error('help');
    return cmd;
  };

  it('each: --group and --groups (keys with commas and backslashes), no --shared', () => {
    const cmd = words({ column: 'state', mode: 'each', shared: ['K'], pick: ['a,b', 'c\\d', '-1', 'treated'] });
    expect(cmd.group).toBe('state');
    expect(cmd.groups).toEqual(['a,b', 'c\\d', '-1', 'treated']);
    expect(cmd.shared).toEqual([]);
  });

  it('global: --shared with the free shared parameters; a fixed one is already common and left out', () => {
    expect(words({ column: 'state', mode: 'global', shared: ['K'] }).shared).toEqual(['K']);
    const fixedK = words({ column: 'state', mode: 'global', shared: ['K', 'Vm'] }, { parameters: [row('Vm', 200), row('K', 0.1, { fixed: true })] });
    expect(fixedK.shared).toEqual(['Vm']);
    expect(fixedK.groups).toBeNull();
  });

  it('global with nothing shared is the per-group fits: no --shared, as the script', () => {
    const cmd = words({ column: 'state', mode: 'global', shared: [] });
    expect(cmd.group).toBe('state');
    expect(cmd.shared).toEqual([]);
    const script = pythonScript(mm({ column: 'state', mode: 'global', shared: [] }), { csvFileName: 'p.csv', ...CSV });
    expect(script).toContain('from scipy.optimize import curve_fit');
    expect(script).not.toContain('import least_squares');
  });

  it('no groups: no group options', () => {
    const { groups: _, ...single } = mm({ column: 'state', mode: 'each', shared: [] });
    expect(cliWords(single, { csvFileName: 'p.csv' }).some((w) => w.startsWith('--group') || w.startsWith('--shared'))).toBe(false);
  });
});
