/**
 * Errors in x in links and sessions (issue 24): a page with σx and σy picked on York's data
 * (public/samples/york_pearson.csv) makes a link that carries columns.sigmaX and the σx column
 * inline; opened on a blank page it gives the same fit request and York's exact line
 * (York 1966: a = 5.47991, b = −0.480533) as the fit before. A link whose sigmaX is wrong is
 * refused naming the field; a session's lenient reader keeps sigmaX; the data export, the Python
 * script and the CLI command carry the σx column.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { getClient, setClient } from '../client/worker';
import { cliCommand, pythonScript } from '../export/index';
import { decodeSpec, specFromJson, specToJson } from '../share/index';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { openLink, planCurrentLink } from './actions/link';
import { editModel } from './actions/modelEdit';
import { setParamValue } from './actions/params';
import { setSigmaColumn, setSigmaXColumn } from './actions/settings';
import { fitRequest } from './requests/fit';
import { readSessionSpec } from './sessions/lenientSpec';
import { currentSpec } from './selectors/spec';
import { getState, initialState, setState } from './store';

const root = join(import.meta.dirname, '..', '..');
const csv = readFileSync(join(root, 'public', 'samples', 'york_pearson.csv'), 'utf8');

async function yorkPage(): Promise<void> {
  setClient(localClient());
  setState(initialState, true);
  expect(await loadText(csv, 'york_pearson.csv')).toBe(true);
  await editModel('a + b*x');
  setParamValue('a', 5);
  setParamValue('b', -0.5);
  await setSigmaColumn('sy');
  await setSigmaXColumn('x', 'sx');
}

describe('errors in x in a link (issue 24)', () => {
  it('carries σx, and reopens to the same fit request and York’s exact line', async () => {
    await yorkPage();
    await runFit();
    const before = getState();
    expect(before.outcome?.odr?.kind).toBe('explicit');
    const [a, b] = before.outcome!.result.parameters;
    expect(Math.abs(a.value - 5.47991)).toBeLessThan(1e-5);
    expect(Math.abs(b.value - -0.480533)).toBeLessThan(1e-6);
    const request = fitRequest(before);
    expect(request.mapping.sigmaX).toEqual({ x: 'sx' });

    const plan = await planCurrentLink();
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.dataIncluded).toBe(true);
    const decoded = decodeSpec(plan.value.fragment);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(decoded.spec.columns).toEqual({ x: ['x'], y: 'y', sigma: 'sy', sigmaX: { x: 'sx' } });
    expect(Object.keys(decoded.spec.data?.kind === 'inline' ? decoded.spec.data.columns : {})).toEqual(['x', 'y', 'sy', 'sx']);

    setState(initialState, true);
    expect(await openLink(plan.value.fragment)).toBe(true);
    const after = getState();
    expect(after.mapping.sigmaX).toEqual({ x: 'sx' });
    const again = fitRequest(after);
    expect(again.model).toBe(request.model);
    expect({ x: again.mapping.x, y: again.mapping.y, sigma: again.mapping.sigma, sigmaX: again.mapping.sigmaX }).toEqual({ x: ['x'], y: 'y', sigma: 'sy', sigmaX: { x: 'sx' } });
    expect(again.settings).toEqual(request.settings);
    expect(after.outcome?.odr?.kind).toBe('explicit');
    after.outcome!.result.parameters.forEach((p, i) => expect(Math.abs(p.value - before.outcome!.result.parameters[i].value)).toBeLessThanOrEqual(1e-12 * Math.abs(p.value)));
  });

  it('refuses a link whose sigmaX names a column that is not an x, or is the x itself, naming the field', async () => {
    await yorkPage();
    const plan = await planCurrentLink();
    if (!plan.ok) throw new Error(plan.error.message);
    const decoded = decodeSpec(plan.value.fragment);
    if (!decoded.ok) throw new Error(decoded.error.message);
    const bad = (sigmaX: unknown) => {
      const json = JSON.parse(specToJson(decoded.spec)) as { columns: Record<string, unknown> };
      json.columns.sigmaX = sigmaX;
      // Through the link's own reader (specFromJson: the checks a link's JSON goes through).
      return specFromJson(JSON.stringify(json));
    };
    const notX = bad({ y: 'sx' });
    expect(notX.ok).toBe(false);
    if (!notX.ok) expect(notX.error.message).toMatch(/columns\.sigmaX\.y.*only an x column has a σx/);
    const itself = bad({ x: 'x' });
    expect(itself.ok).toBe(false);
    if (!itself.ok) expect(itself.error.message).toMatch(/columns\.sigmaX\.x.*"x"/);
    const notObject = bad(['sx']);
    expect(notObject.ok).toBe(false);
    if (!notObject.ok) expect(notObject.error.message).toMatch(/columns\.sigmaX/);
  });

  it('exports the σx column with the data the script reads (Export > Data), and a script and command that use it', async () => {
    await yorkPage();
    const csvOut = await getClient().exportData(getState().mapping);
    if (!csvOut.ok) throw new Error(csvOut.error.message);
    const [head, first] = csvOut.value.trim().split('\n');
    expect(head).toBe('x,y,sy,sx');
    expect(first.split(',').map(Number)).toEqual([0, 5.9, 1, 0.03162277660168379]);
    const spec = currentSpec(getState());
    expect(pythonScript(spec, { csvFileName: 'york.csv', delimiter: ',', decimalComma: false, header: true })).toContain('SIGMA = {"x": "sx"}');
    expect(cliCommand(spec, { csvFileName: 'york.csv' })).toContain('--sigma-x x=sx');
  });

  it('keeps σx in a session read leniently', () => {
    const text = JSON.stringify({ version: 1, model: 'a + b*x', libraryId: null, columns: { x: ['x'], y: 'y', sigma: 'sy', sigmaX: { x: 'sx', q: 3 } }, parameters: 'broken', settings: {}, data: null });
    expect(readSessionSpec(text)?.columns.sigmaX).toEqual({ x: 'sx' });
  });
});
