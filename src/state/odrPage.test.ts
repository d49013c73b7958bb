/**
 * Errors in x on the page equal the command line (issue 24), as assayPage.test.ts checks the assay:
 * the store's actions and the worker's code (localClient) fit Pearson's data with York's weights
 * (σx and σy picked) and the implicit circle, and every number the page shows — β, its standard
 * error (sd_beta), cost, the δ/ε split, res_var — equals `fitbench fit --json` on the same file
 * with the same starts to 1e-9.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliRunner } from '../../test/cli';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText, setMapping } from './actions/data';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { setSigmaColumn, setSigmaXColumn } from './actions/settings';
import { getState, initialState, setState } from './store';

const run = cliRunner();
const close = (a: number, b: number, tol = 1e-9) => expect(Math.abs(a - b)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(b)));

async function pageFit(file: string, model: string, mapping: { x: string[]; y: string }, sigma: string, sigmaX: string, starts: Record<string, number>) {
  setState(initialState, true);
  expect(await loadText(readFileSync(`fixtures/odr/${file}`, 'utf8'), file)).toBe(true);
  setModelText(model);
  await setMapping(mapping);
  await setSigmaColumn(sigma);
  await setSigmaXColumn(mapping.x[0], sigmaX);
  for (const [name, v] of Object.entries(starts)) setParamValue(name, v);
  await runFit();
  const s = getState();
  expect(s.fitError).toBeNull();
  return s.outcome!;
}

function expectSame(page: Awaited<ReturnType<typeof pageFit>>, cli: { params: Record<string, number>; stderr: Record<string, number>; cost: number; odr: Record<string, number> }) {
  for (const p of page.result.parameters) {
    close(p.value, cli.params[p.name]);
    close(p.stderr, cli.stderr[p.name]);
  }
  close(page.result.cost, cli.cost);
  const odr = page.odr!;
  close(odr.sumSquares, cli.odr.sum_square);
  close(odr.sumSquaresDelta, cli.odr.sum_square_delta);
  close(odr.sumSquaresEps, cli.odr.sum_square_eps);
  close(odr.resVar, cli.odr.res_var);
}

describe('errors in x: the page equals the CLI', () => {
  beforeAll(() => setClient(localClient()));

  it("York's line with σx and σy picked", async () => {
    const page = await pageFit('york.csv', 'a + b*x', { x: ['x'], y: 'y' }, 'sy', 'sx', { a: 5, b: -0.5 });
    const cli = JSON.parse((await run('fit', 'fixtures/odr/york.csv', '--model', 'a + b*x', '--y', 'y', '--sigma', 'sy', '--sigma-x', 'sx', '--p0', 'a=5,b=-0.5', '--json')).out);
    expect(page.odr!.kind).toBe('explicit');
    expectSame(page, cli);
  });

  it('the implicit circle', async () => {
    const model = '(px-a)^2 + (py-b)^2 = R^2';
    const page = await pageFit('circle.csv', model, { x: ['px'], y: 'py' }, 's', 's', { a: 0.8, b: -0.3, R: 1.8 });
    const cli = JSON.parse((await run('fit', 'fixtures/odr/circle.csv', '--model', model, '--sigma-x', 's', '--p0', 'a=0.8,b=-0.3,R=1.8', '--json')).out);
    expect(page.odr!.kind).toBe('implicit');
    expectSame(page, cli);
  });
});
