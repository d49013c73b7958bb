/**
 * The Export menu of a grouped ODE page (issues 23, 25): no script fits an ODE model by group
 * yet, so the script item says so and offers the command line; the command line (--time,
 * --group, --random) run through the CLI gives the page's mixed-effects fit of Orange with the
 * logistic ODE (fixed effects, σ, random SD, log-likelihood to 1e-9: the same job), and an opened
 * tree keeps its one-data-set script.
 */
import { describe, expect, it } from 'vitest';
import { cliRunner } from '../../../test/cli';
import { ORANGE, orangeOdePage } from '../../../test/orangeOdePage';
import { cliWords } from '../../export/cliCommand';
import { runGroupFits } from '../../state/actions/batch';
import { setGroupMode } from '../../state/actions/global';
import { openGroup } from '../../state/actions/openGroup';
import { runMixedFit, setRandom } from '../../state/actions/mixed';
import { portableSpec } from '../../state/shareSpec';
import { getState } from '../../state/store';
import { exportAvailability, GROUPED_ODE_SCRIPT } from './catalogue';

const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(1e-300, Math.abs(b));
const run = cliRunner();

describe('exports of a grouped ODE page', () => {
  it('refuses the script with the reason, and its command line runs to the page’s mixed fit', async () => {
    await orangeOdePage();
    setGroupMode('mixed');
    setRandom('Asym', true);
    await runMixedFit();
    expect(getState().mixedError).toBeNull();
    const page = getState().mixed!.mixed;

    const menu = exportAvailability(getState());
    expect(menu.python).toBe(GROUPED_ODE_SCRIPT);
    expect(menu.cli).toBeNull();

    const words = cliWords(portableSpec(getState()), { csvFileName: ORANGE });
    expect(words.join(' ')).toContain('--time age');
    expect(words.join(' ')).toContain('--group Tree --random Asym');
    const r = await run(...words.slice(words.indexOf('fit')), '--json');
    expect(r.code, r.err).toBe(0);
    const cli = JSON.parse(r.out).mixed;
    expect(Object.keys(cli.fixed)).toEqual(page.names);
    page.names.forEach((name, i) => expect(rel(cli.fixed[name], page.fixed[i])).toBeLessThan(1e-9));
    expect(rel(cli.sigma, page.sigma)).toBeLessThan(1e-9);
    expect(rel(cli.randomSd.Asym, page.randomSd[0])).toBeLessThan(1e-9);
    expect(rel(cli.logLik, page.logLik)).toBeLessThan(1e-9);

    // An opened tree is one data set: its script is the ODE script again.
    setGroupMode('each');
    await runGroupFits();
    expect(exportAvailability(getState()).python).toBe(GROUPED_ODE_SCRIPT);
    await openGroup(getState().batch!.rows[0].key);
    expect(getState().batchOpen?.key).toBe(getState().batch!.rows[0].key);
    expect(exportAvailability(getState()).python).toBeNull();
  });
});
