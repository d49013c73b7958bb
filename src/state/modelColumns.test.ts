/**
 * A data column the model names is a variable on the page as on the command line (issue 27,
 * item 8): Theoph's model names Dose, which was a fitted parameter on the page unless the user
 * added it as a variable by hand, while `fitbench fit` read it as data. Typed into the page,
 * Dose joins the x variables (lKe, lKa, lCl are the parameters), each Subject fits as R's nls
 * and as the CLI fits it (fixtures/groupfits/nls_groups.json); a model that stops naming it takes
 * it out again; "+ variable" offers a measured column, not the Subject identifier.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { cliRunner } from '../../test/cli';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { runGroupFits } from './actions/batch';
import { loadText, setMapping } from './actions/data';
import { setGroupBy } from './actions/groups';
import { editModel } from './actions/modelEdit';
import { setParamValue } from './actions/params';
import { nextVariable } from './modelColumns';
import { getState, initialState, setState } from './store';

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures');
const THEOPH = join(fixtures, 'groups', 'theoph.csv');
const csv = readFileSync(THEOPH, 'utf8');
interface Theoph { model: string; start: Record<string, number>; perGroup: { group: string; params: Record<string, number> }[] }
const theoph = (JSON.parse(readFileSync(join(fixtures, 'groupfits', 'nls_groups.json'), 'utf8')) as { theoph: Theoph }).theoph;
const run = cliRunner();
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('columns the model names are variables (Theoph)', () => {
  beforeEach(async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(csv, 'theoph.csv')).toBe(true);
    expect(getState().mapping).toMatchObject({ x: ['Time'], y: 'conc' });
  });

  it('Dose joins x as the model is typed; each Subject fits as R nls and fitbench fit --group do', async () => {
    await editModel(theoph.model);
    const s = getState();
    expect(s.mapping.x).toEqual(['Time', 'Dose']);
    expect(s.modelNamedX).toEqual(['Dose']);
    expect(s.modelInfo.variables).toEqual(expect.arrayContaining(['Time', 'Dose']));
    expect(s.params.map((p) => p.name)).toEqual(['lKe', 'lKa', 'lCl']);
    for (const [name, value] of Object.entries(theoph.start)) setParamValue(name, value);
    await setGroupBy('Subject');
    await runGroupFits();
    const b = getState().batch!;
    const cli = await run('fit', THEOPH, '--model', theoph.model, '--y', 'conc', '--p0', Object.entries(theoph.start).map(([k, v]) => `${k}=${v}`).join(','), '--group', 'Subject', '--json');
    expect(cli.code).toBe(0);
    const groups = (JSON.parse(cli.out) as { groups: { group: string; params: Record<string, number> }[] }).groups;
    for (const ref of theoph.perGroup) {
      const row = b.rows.find((r) => r.key === ref.group)!;
      expect(row.success).toBe(true);
      const fromCli = groups.find((g) => g.group === ref.group)!;
      b.names.forEach((name, j) => {
        // nls stops Theoph at tol = 1e-6: values agree to about that; page and CLI to 1e-9.
        expect(rel(row.params[j], ref.params[name])).toBeLessThan(1e-4);
        expect(rel(row.params[j], fromCli.params[name])).toBeLessThan(1e-9);
      });
    }
  });

  it('a model that no longer names Dose takes it out of x; the chosen x stays; a half-typed model changes nothing', async () => {
    await editModel(theoph.model);
    expect(getState().mapping.x).toEqual(['Time', 'Dose']);
    await editModel('A*exp(-k*Time) + Dose*(');
    expect(getState().mapping.x).toEqual(['Time', 'Dose']);
    await editModel('A*exp(-k*Time)');
    expect(getState().mapping.x).toEqual(['Time']);
    expect(getState().modelNamedX).toEqual([]);
    expect(getState().params.map((p) => p.name)).toEqual(['A', 'k']);
    // A variable chosen by hand is the user's: the model does not take it away.
    await setMapping({ x: ['Time', 'Wt'] });
    await editModel('A*exp(-k*Time) + 0*Wt');
    await editModel('A*exp(-k*Time)');
    expect(getState().mapping.x).toEqual(['Time', 'Wt']);
  });

  it('"+ variable" offers a measured column, not the Subject identifier or the group column', async () => {
    expect(nextVariable(getState())).toBe('Wt');
    expect(nextVariable({ ...getState(), groupBy: 'Wt' })).toBe('Dose');
  });
});
