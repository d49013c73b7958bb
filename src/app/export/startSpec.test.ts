/**
 * Exports start where the fit started (issue 13): after Fit the rows hold the fitted values, and
 * the script and command get the fit's start values instead, with the page's values to compare.
 */
import { describe, expect, it } from 'vitest';
import type { FitResult } from '../../fit/types';
import { DEFAULT_SETTINGS } from '../../share/testSpecs.test';
import type { FitSpec } from '../../share/types';
import { fitSignature } from '../../state/signature';
import { makeRow } from '../../state/slices/params';
import { initialState, type AppState } from '../../state/store';
import type { FitOutcome } from '../../worker/api';
import { cliWords } from '../../export/cliCommand';
import { startSpec } from './startSpec';

const fitted = { a: 2.5, b: -0.75, c: 3 };
const started = { a: 1, b: 0, c: 3 };
const result = {
  parameters: (['a', 'b', 'c'] as const).map((name) => ({ name, value: fitted[name], start: started[name], fixed: name === 'c' })),
} as unknown as FitResult;

const rows = (values: Record<string, number>) => (['a', 'b', 'c'] as const).map((n) => makeRow(n, { value: values[n], fixed: n === 'c' }));
const base = { ...initialState, modelText: 'a*x + b + c', mapping: { x: ['x'], y: 'y', sigma: null }, params: rows(fitted) };
const afterFit: AppState = { ...base, outcome: { result } as FitOutcome, fitStatus: 'done', fittedSignature: fitSignature(base) };
const spec = (s: AppState): FitSpec => ({
  version: 1,
  model: s.modelText,
  libraryId: null,
  columns: { x: ['x'], y: 'y', sigma: null },
  parameters: s.params.map(({ name, value, min, max, fixed }) => ({ name, value, min, max, fixed })),
  settings: DEFAULT_SETTINGS,
  data: null,
});

describe('startSpec', () => {
  it('after a fit: the fit\'s start values, fixed values kept, and the page\'s fitted values to compare', () => {
    const { spec: out, pageFit } = startSpec(afterFit, spec(afterFit));
    expect(out.parameters.map((p) => [p.name, p.value])).toEqual([['a', 1], ['b', 0], ['c', 3]]);
    expect(pageFit).toEqual([{ name: 'a', value: 2.5 }, { name: 'b', value: -0.75 }]);
    expect(cliWords(out, { csvFileName: 'd.csv' })).toContain('a=1,b=0');
  });

  it('rows edited since the fit are the user\'s start values: as they are', () => {
    const edited: AppState = { ...afterFit, params: rows({ a: 7, b: 1, c: 3 }) };
    const { spec: out, pageFit } = startSpec(edited, spec(edited));
    expect(out.parameters.map((p) => p.value)).toEqual([7, 1, 3]);
    expect(pageFit).toBeNull();
    expect(startSpec(base, spec(base)).pageFit).toBeNull();
  });

  it('group fits start from the rows as they are (the page\'s group fits do not write them)', () => {
    const grouped = { ...spec(afterFit), groups: { column: 'g', mode: 'each' as const, shared: [] } };
    const { spec: out, pageFit } = startSpec(afterFit, grouped);
    expect(out).toBe(grouped);
    expect(pageFit).toBeNull();
  });
});
