/**
 * The global card says χ² (the RSS, Σ(y − f)²) where the single fit's card does, not the solver's
 * cost ½Σρ (issue 27, item 7: "Total cost 145.713" read as half of R's deviance). Puromycin with
 * a shared K, fitted through the store with the worker API in-thread, against R's nls
 * (fixtures/groupfits/nls_groups.json: the RSS and each state's part of it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { localClient } from '../../client/localClient';
import { setClient } from '../../client/worker';
import { loadText } from '../../state/actions/data';
import { runGlobalFit, setGroupMode, setShared } from '../../state/actions/global';
import { setGroupBy } from '../../state/actions/groups';
import { setModelText } from '../../state/actions/model';
import { setParamValue } from '../../state/actions/params';
import { getState, initialState, setState } from '../../state/store';
import { formatNumber } from '../format/number';
import { GlobalSummary, LocalTable } from './GlobalResults';

const fixtures = join(import.meta.dirname, '..', '..', '..', 'fixtures');
const csv = readFileSync(join(fixtures, 'groups', 'puromycin.csv'), 'utf8');
const ref = JSON.parse(readFileSync(join(fixtures, 'groupfits', 'nls_groups.json'), 'utf8')).puromycin.globalSharedK as { rss: number; groups: string[]; groupRss: number[] };

describe('the global card', () => {
  it('shows χ² (RSS) for the fit and for each group, as R nls reports them', async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(csv, 'puromycin.csv')).toBe(true);
    setModelText('Vm*conc/(K + conc)');
    setParamValue('Vm', 200);
    setParamValue('K', 0.1);
    await setGroupBy('state');
    setGroupMode('global');
    setShared('K', true);
    await runGlobalFit();
    const g = getState().global!;
    ref.groups.forEach((key, i) => expect(Math.abs(g.rows.find((r) => r.key === key)!.chi2 - ref.groupRss[i]) / ref.groupRss[i]).toBeLessThan(1e-6));
    const summary = renderToStaticMarkup(<GlobalSummary g={g} />);
    const html = renderToStaticMarkup(<LocalTable g={g} column="state" />);
    // The words on the card (a tooltip may say what the solver's cost is).
    expect(summary.replace(/<[^>]*>/g, '')).not.toMatch(/cost/i);
    expect(summary).toContain(`χ² (RSS) ${formatNumber(ref.rss, 6)}</span> over 23 points`);
    // The table's column: each state's χ², R's per-group RSS.
    expect(html).toContain('>χ²</th>');
    const cells = [...html.matchAll(/data-col="chi2">([^<]*)</g)].map((m) => m[1]);
    expect(cells).toEqual(ref.groupRss.map((v) => formatNumber(v, 6)));
  });
});
