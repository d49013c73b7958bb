/**
 * What one model may ask (src/job/browser/limits.ts), through the store's actions and the worker API
 * in-thread: a model with too many parameters is an error at the editor and makes no rows; the
 * worker refuses it, and a model whose tape is too large, with the limit in the message; a link
 * whose fit is large opens with its data but waits for a click on Fit, which then fits it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { compiled } from '../job/browser/pageModels';
import { MAX_PARAMETERS, MAX_ROW_PARAMETERS, workLimit } from '../job/browser/limits';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { openLink, planCurrentLink } from './actions/link';
import { setModelText } from './actions/model';
import { getState, initialState, setState } from './store';

/** Distinct three-character names (letters, letters, digit): never a function or a column. */
function names(k: number): string[] {
  const out: string[] = [];
  const L = 'bdfghjklmnpqrsuvwyz';
  for (const a of L) for (const b of L) for (const c of '0123456789') out.push(a + b + c);
  return out.slice(0, k);
}

const sum = (k: number) => `x*(${names(k).join('+')})`;

/** y = Σ_j a_j·sin((j+1)·x) + noise-free: a linear model of k parameters the data determine. */
function sineData(k: number, m: number): string {
  const lines = ['x,y'];
  for (let i = 0; i < m; i++) {
    const x = (6 * i) / m;
    let y = 0;
    for (let j = 0; j < k; j++) y += Math.sin((j + 1) * x) / (j + 1);
    lines.push(`${x},${y}`);
  }
  return lines.join('\n');
}

describe('limits on one model', () => {
  beforeAll(() => setClient(localClient()));

  it('a model over the parameter limit is an error at the editor and makes no rows', async () => {
    setState(initialState, true);
    expect(await loadText('x,y\n1,2\n2,3\n3,5\n', 'small.csv')).toBe(true);
    setModelText(sum(MAX_PARAMETERS));
    expect(getState().modelInfo.error).toBeNull();
    expect(getState().params).toHaveLength(MAX_PARAMETERS);
    setModelText('a*x + b');
    setModelText(sum(2 * MAX_PARAMETERS + 1));
    const error = getState().modelInfo.error;
    expect(error?.code).toBe('too-many-parameters');
    expect(error?.message).toBe(`The model has 601 parameters; Fitbench fits at most 300 in one model. Write the model with fewer parameters (share them between terms, or fit the parts separately).`);
    // The rows stay as they were (a, b): no table of 601 rows.
    expect(getState().params.map((p) => p.name)).toEqual(['a', 'b']);
    await runFit();
    expect(getState().fitError?.code).toBe('too-many-parameters');
  });

  it('the worker refuses a model over the parameter or tape limit, with the limit in the message', () => {
    const many = compiled(sum(MAX_PARAMETERS + 1), ['x']);
    expect(many.ok).toBe(false);
    if (!many.ok) expect(many.error).toMatchObject({ code: 'too-many-parameters', field: 'model' });
    // A product of 300 factors: its derivatives take 45 749 operations, over the 40 000 allowed.
    const product = compiled(names(300).map((n) => `(${n}+x)`).join('*'), ['x']);
    expect(product.ok).toBe(false);
    if (!product.ok) expect(product.error.message).toBe('The model with its derivatives compiles to 45,749 operations; Fitbench allows 40,000. Simplify the model (fewer terms, or products written as sums of logarithms).');
    expect(compiled(names(150).map((n) => `(${n}+x)`).join('*'), ['x']).ok).toBe(true);
  });

  it('rows × free parameters over the limit is refused with both numbers', () => {
    expect(workLimit(MAX_ROW_PARAMETERS / 100, 100)).toBeNull();
    expect(workLimit(4_000_000, 51)?.message).toBe(
      'This fit would pass over 4,000,000 rows × 51 free parameters = 204,000,000 per step; Fitbench allows 200,000,000. Fix some parameters, or fit a subset of the rows.',
    );
  });

  it('a link with a large fit opens with its data and waits for a click on Fit', async () => {
    const k = 60;
    setState(initialState, true);
    expect(await loadText(sineData(k, 400), 'sines.csv')).toBe(true);
    setState({ source: { kind: 'file', name: 'sines.csv', sampleId: null } });
    setModelText(Array.from({ length: k }, (_, j) => `${names(k)[j]}*sin(${j + 1}*x)`).join(' + '));
    const plan = await planCurrentLink();
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.dataIncluded).toBe(true);

    expect(await openLink(plan.value.fragment)).toBe(true);
    expect(getState().selection?.rows).toBe(400);
    expect(getState().fitStatus).toBe('idle');
    expect(getState().outcome).toBeNull();
    expect(getState().linkNotice).toBe('Opened from a link: the data (sines.csv, 400 rows) came with it. The fit is large (400 rows × 60 free parameters), so it was not started: press Fit to run it.');
    // The click: the fit runs and recovers the coefficients 1/(j+1) the data were made with.
    await runFit();
    expect(getState().fitStatus).toBe('done');
    getState().outcome?.result.parameters.forEach((p, j) => expect(p.value).toBeCloseTo(1 / (j + 1), 8));
  });
});
