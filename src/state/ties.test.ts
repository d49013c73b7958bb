/**
 * Tied parameters on the page (issue 10): Puromycin (treated) fitted with c tied to −K·Vm/4 from
 * c's row. The page's tied fit equals the CLI's --tie fit and the fit of the model with the
 * expression written in by hand; values and the tied parameter's delta-method error agree with
 * scipy (curve_fit of the written-in model, se² = gᵀ·pcov·g with the analytic gradient) and with
 * lmfit (expr='-K*Vm/4'), fixtures/ties/make_ties.py. The exported command repeats the fit, the
 * exported Python script prints the same tied value, and bad ties are refused with reasons.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { CLI_PROGRAM, cliWords } from '../export/cliCommand';
import { pythonScript } from '../export/index';
import { runGroupFits } from './actions/batch';
import { loadText } from './actions/data';
import { setGroupBy } from './actions/groups';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamFixed, setParamValue } from './actions/params';
import { setTie } from './actions/ties';
import { pageDerived } from './derivedQuantities';
import { currentSpec } from './selectors/spec';
import { getState, initialState, setState } from './store';
import { tiedModel, tiedValue } from './ties';

const R = JSON.parse(readFileSync(new URL('../../fixtures/ties/ties.json', import.meta.url), 'utf8'));
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const CSV = 'conc,rate\n' + R.conc.map((c: number, i: number) => `${c},${R.rate[i]}`).join('\n') + '\n';
const { dir, file } = tempFiles('fitbench-ties');
const csv = file('puromycin.csv', CSV);
const run = cliRunner();

async function pageFit(model: string, tie: string | null): Promise<void> {
  setState(initialState, true);
  expect(await loadText(CSV, 'puromycin.csv')).toBe(true);
  setModelText(model);
  setParamValue('Vm', 200);
  setParamValue('K', 0.1);
  if (tie !== null) expect(setTie('c', tie)).toBeNull();
  await runFit();
  expect(getState().fitError).toBeNull();
  expect(getState().fitStatus).toBe('done');
}

const values = () => new Map(getState().outcome!.result.parameters.map((p) => [p.name, p]));

describe('tied parameters on the page', () => {
  beforeAll(() => setClient(localClient()));

  it('fit as the CLI, as the model written by hand, and as scipy and lmfit, with the delta-method error', async () => {
    await pageFit('Vm*conc/(K + conc) + c', '-K*Vm/4');
    const s = getState();
    // The worker fitted the written-in model with two parameters; the c row stays, tied.
    expect(tiedModel(s).text).toBe('Vm*conc/(K + conc) + (-K*Vm/4)');
    expect(s.outcome!.result.parameters.map((p) => p.name)).toEqual(['Vm', 'K']);
    const page = values();
    const [c] = pageDerived('', s.outcome!.result, tiedModel(s).active).quantities;
    expect(c).toMatchObject({ name: 'c', expression: '-K*Vm/4', tied: true });
    expect(c.value).toBe(-page.get('K')!.value * page.get('Vm')!.value / 4);
    // The row shows the same value, computed from the fitted rows.
    expect(tiedValue({ name: 'c', expression: '-K*Vm/4' }, s.params)).toBe(c.value);

    // scipy (analytic gradient through pcov) and lmfit (expr), independently.
    expect(rel(page.get('Vm')!.value, R.scipy.Vm)).toBeLessThan(1e-7);
    expect(rel(page.get('K')!.value, R.scipy.K)).toBeLessThan(1e-6);
    expect(rel(page.get('Vm')!.stderr!, R.scipy.se_Vm)).toBeLessThan(1e-5);
    expect(rel(c.value, R.scipy.c)).toBeLessThan(1e-6);
    expect(rel(c.stderr, R.scipy.se_c)).toBeLessThan(1e-5);
    expect(rel(c.value, R.lmfit.c)).toBeLessThan(1e-6);
    expect(rel(c.stderr, R.lmfit.se_c)).toBeLessThan(1e-5);

    // The CLI's --tie: the same fit and the same tied value and error.
    const cli = JSON.parse((await run('fit', csv, '--model', 'Vm*conc/(K + conc) + c', '--p0', 'Vm=200,K=0.1', '--tie', 'c=-K*Vm/4', '--json')).out);
    expect(rel(cli.params.Vm, page.get('Vm')!.value)).toBeLessThan(1e-12);
    expect(rel(cli.params.K, page.get('K')!.value)).toBeLessThan(1e-12);
    expect(cli.derived.c.tied).toBe(true);
    expect(rel(cli.derived.c.value, c.value)).toBeLessThan(1e-12);
    expect(rel(cli.derived.c.stderr, c.stderr)).toBeLessThan(1e-10);

    // The exported command passes the tie (c is in neither --p0 nor --fix) and repeats the fit.
    const words = cliWords(currentSpec(getState()), { csvFileName: csv });
    expect(words).toContain('--tie');
    expect(words[words.indexOf('--tie') + 1]).toBe('c=-K*Vm/4');
    expect(words[words.indexOf('--p0') + 1]).not.toMatch(/c=/);
    const again = JSON.parse((await run(...words.slice(CLI_PROGRAM.length), '--json')).out);
    expect(rel(again.derived.c.value, c.value)).toBeLessThan(1e-9);

    // The model with the expression written in by hand (another tree: −K·Vm/4 subtracted).
    await pageFit('Vm*conc/(K + conc) - K*Vm/4', null);
    const hand = values();
    expect(rel(hand.get('Vm')!.value, page.get('Vm')!.value)).toBeLessThan(1e-10);
    expect(rel(hand.get('K')!.value, page.get('K')!.value)).toBeLessThan(1e-10);
    expect(rel(hand.get('Vm')!.stderr!, page.get('Vm')!.stderr!)).toBeLessThan(1e-8);
  });

  it('the exported Python script fits the written-in model and prints the tied value and error', async (ctx) => {
    try {
      execFileSync('python3', ['-c', 'import numpy, scipy.optimize'], { stdio: 'ignore' });
    } catch {
      ctx.skip();
    }
    await pageFit('Vm*conc/(K + conc) + c', '-K*Vm/4');
    const [c] = pageDerived('', getState().outcome!.result, tiedModel(getState()).active).quantities;
    const script = pythonScript(currentSpec(getState()), { csvFileName: csv, delimiter: ',', decimalComma: false, header: true });
    const path = join(dir, 'fit.py');
    writeFileSync(path, script);
    const stdout = execFileSync('python3', [path, csv], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(stdout).toMatch(/^c = -3\.2698\d+ \+\/- 0\.501\d+ \(tied: -K\*Vm\/4\)$/m);
    const json = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(json.parameters.map((p: { name: string }) => p.name)).toEqual(['Vm', 'K']);
    const [py] = json.tied;
    expect(py.name).toBe('c');
    // scipy's forward-difference Jacobian and the script's central-difference gradient.
    expect(rel(py.value, c.value)).toBeLessThan(1e-6);
    expect(rel(py.stderr, c.stderr)).toBeLessThan(1e-4);
  });

  it('fits each group with the tie written in: each group as the single tied fit of its rows', async () => {
    await pageFit('Vm*conc/(K + conc) + c', '-K*Vm/4');
    const single = values();
    // The same rows twice, as groups "a" and "b": each group's tied fit is the single one.
    const twice = ['conc,rate,g', ...R.conc.flatMap((c: number, i: number) => [`${c},${R.rate[i]},a`, `${c},${R.rate[i]},b`])].join('\n');
    setState(initialState, true);
    expect(await loadText(twice, 'twice.csv')).toBe(true);
    setModelText('Vm*conc/(K + conc) + c');
    setParamValue('Vm', 200);
    setParamValue('K', 0.1);
    expect(setTie('c', '-K*Vm/4')).toBeNull();
    await setGroupBy('g');
    await runGroupFits();
    const b = getState().batch!;
    expect(getState().batchError).toBeNull();
    expect(b.names).toEqual(['Vm', 'K']);
    for (const row of b.rows) {
      expect(rel(row.params[0], single.get('Vm')!.value)).toBeLessThan(1e-9);
      expect(rel(row.params[1], single.get('K')!.value)).toBeLessThan(1e-9);
    }
  });

  it('refuses ties it cannot make, saying why, and keeps the tie in force', async () => {
    await pageFit('Vm*conc/(K + conc) + c', '-K*Vm/4');
    expect(setTie('K', 'K*2')).toMatch(/"K" cannot be tied to itself/);
    expect(setTie('K', 'Km/2')).toMatch(/"Km" is not a parameter of the model; a tie is an expression of the other parameters \(Vm, c\)/);
    expect(setTie('K', 'Vm*(')).toMatch(/1:4|Unexpected|expected/i);
    expect(setTie('Vm', '2*c')).toMatch(/"c" is tied itself; write Vm in terms of free parameters/);
    expect(setTie('K', 'Vm/1000')).toBe('c = -K*Vm/4 uses K, so K cannot be tied too: untie c first, or write it in terms of free parameters.');
    setParamFixed('Vm', true);
    expect(setTie('K', 'Vm/1000')).toMatch(/untie c first/);
    setParamFixed('Vm', false);
    expect(getState().ties).toEqual([{ name: 'c', expression: '-K*Vm/4' }]);
    // The model loses K: the tie cannot be applied; the fit stops at c's row and says so.
    setModelText('Vm*conc/(Km + conc) + c');
    expect(tiedModel(getState()).errors.get('c')).toMatch(/"K" is not a parameter of the model/);
    expect(getState().curve).toBeNull();
    await runFit();
    expect(getState().fitError).toMatchObject({ code: 'tie', param: 'c', field: 'parameter' });
    // The model gets K back: the tie holds again. An empty text unties.
    setModelText('Vm*conc/(K + conc) + c');
    expect(tiedModel(getState()).errors.size).toBe(0);
    expect(setTie('c', '  ')).toBeNull();
    expect(getState().ties).toEqual([]);
    expect(tiedModel(getState()).text).toBe('Vm*conc/(K + conc) + c');
  });
});
