/**
 * "Auto start" through the store and the in-thread worker (issue 11): on NIST problems whose
 * all-ones start does not reach the certified minimum, the search sets starts from which Fit
 * reaches the certified values; fixed rows keep their values; a search whose model changes
 * before it ends leaves the new model's rows alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNist, type NistProblem } from '../../test/nist';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamFixed, setParamValue } from './actions/params';
import { searchStarts } from './actions/startSearch';
import { searchSummary } from './slices/startSearch';
import { getState, initialState, setState } from './store';

const problems = new Map(loadNist().map((p) => [p.name, p]));

function csv(p: NistProblem): string {
  const x = p.columns.x.hi;
  const lines = ['x,y'];
  for (let i = 0; i < x.length; i++) lines.push(`${x[i]},${p.y.hi[i]}`);
  return lines.join('\n');
}

async function open(name: string): Promise<NistProblem> {
  const p = problems.get(name)!;
  setState(initialState, true);
  expect(await loadText(csv(p), `${name}.csv`)).toBe(true);
  setModelText(p.model);
  for (const name of p.params) setParamValue(name, 1);
  return p;
}

const value = (name: string) => getState().params.find((r) => r.name === name)!.value ?? NaN;

describe('Auto start', () => {
  beforeAll(() => setClient(localClient()));

  it.each(['Eckerle4', 'BoxBOD', 'MGH09'])('%s: Fit from the found starts reaches the certified values', async (name) => {
    const p = await open(name);
    await searchStarts();
    const search = getState().startSearch!;
    expect(search.status).toBe('done');
    expect(search.outcome!.candidates).toBeGreaterThan(0);
    expect(searchSummary(search.outcome!, false, false)).toMatch(/^Best of [\d,]+ candidates: RSS /);
    await runFit();
    expect(getState().fitStatus).toBe('done');
    const rss = 2 * getState().outcome!.result.cost;
    expect(Math.abs(rss - p.certified.rss) / p.certified.rss).toBeLessThan(1e-6);
    p.params.forEach((q, i) => expect(Math.abs(value(q) - p.certified.values[i]) / Math.abs(p.certified.values[i])).toBeLessThan(1e-4));
  });

  it('keeps fixed rows as they are and searches the others', async () => {
    const p = await open('BoxBOD');
    setParamValue('b1', p.certified.values[0]);
    setParamFixed('b1', true);
    await searchStarts();
    expect(getState().startSearch!.status).toBe('done');
    expect(getState().startSearch!.outcome!.searched).toEqual(['b2']);
    expect(value('b1')).toBe(p.certified.values[0]);
    expect(Math.abs(value('b2') - p.certified.values[1]) / p.certified.values[1]).toBeLessThan(0.05);
  });

  it('a model changed while it searched keeps its own rows', async () => {
    await open('BoxBOD');
    const search = searchStarts();
    setModelText('c*x + d');
    await search;
    expect(getState().startSearch).toBeNull();
    // The new model's rows are new (no start value), not filled with the old model's search.
    expect(getState().params.map((r) => [r.name, r.value])).toEqual([
      ['c', null],
      ['d', null],
    ]);
  });

  it('says why it cannot run without data', async () => {
    setState(initialState, true);
    await searchStarts();
    expect(getState().startSearch!.status).toBe('error');
    expect(getState().startSearch!.error!.message).toContain('Load data first');
  });
});

describe('the search summary of many rows', () => {
  const outcome = { values: [], cost: 1, candidates: 256, evaluated: 256, refined: 4, sameMinimum: 4, others: [], linear: [], searched: [], cancelled: false, start: [] };
  it('says that the candidates were ranked on samples of the rows, and that the refinements used all', () => {
    expect(searchSummary({ ...outcome, scoredRows: 64_517, rows: 2_000_000 }, false, false)).toBe(
      'Best of 256 candidates (ranked on 64,517 evenly spaced samples of the 2,000,000 rows; refined on all): RSS 2.000; 4 of 4 refined starts reached it.',
    );
    expect(searchSummary({ ...outcome, scoredRows: 35_268, rows: 70_536 }, false, false)).toMatch(/ranked on 35,268 evenly spaced samples of the 70,536 rows/);
    // Every row ranked (or an outcome saved before the field existed): no word of it.
    expect(searchSummary({ ...outcome, scoredRows: 500, rows: 500 }, false, false)).toBe('Best of 256 candidates: RSS 2.000; 4 of 4 refined starts reached it.');
    expect(searchSummary(outcome, false, false)).toBe('Best of 256 candidates: RSS 2.000; 4 of 4 refined starts reached it.');
  });
});
