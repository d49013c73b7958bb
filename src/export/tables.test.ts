/** JSON and CSV exports contain what they claim: parsed back, they give the result's numbers. */
import { describe, expect, it } from 'vitest';
import { curveFit } from '../fit/curveFit';
import type { FitResult } from '../fit/types';
import { compileModel } from '../model';
import { decaySpec } from '../share/testSpecs.test';
import { csvField } from './csvText';
import { curveCsv, gridCurveCsv } from './curveCsv';
import { correlationCsv, covarianceCsv, resultsCsv } from './resultsCsv';
import { resultsJson } from './resultsJson';

/** A test-only RFC 4180 reader. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') field += text[++i];
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  expect(field).toBe('');
  return rows;
}

const cell = (s: string): number => (s === '' ? NaN : s === 'inf' ? Infinity : s === '-inf' ? -Infinity : Number(s));

const spec = decaySpec({
  parameters: [
    { name: 'A', value: 1000, min: 0, max: Infinity, fixed: false },
    { name: 'tau', value: 3, min: -Infinity, max: Infinity, fixed: false },
    { name: 'c', value: 12.5, min: -Infinity, max: Infinity, fixed: true },
  ],
});
const t = Float64Array.from({ length: 40 }, (_, i) => i * 0.25);
const y = t.map((v, i) => 900 * Math.exp(-v / 2.2) + 12.5 + (i % 5) - 2);

async function fit(): Promise<FitResult> {
  const model = compileModel(spec.model, { columns: ['t'] });
  if (!model.ok) throw new Error(model.error.message);
  return curveFit({ model: model.value, data: { vars: [t], y }, parameters: spec.parameters });
}

describe('results exports', () => {
  it('resultsJson: the documented shape, every number as in the result, non-finite as null', async () => {
    const r = await fit();
    const doc = JSON.parse(resultsJson(spec, r)) as Record<string, unknown> & {
      parameters: Record<string, unknown>[];
      covariance: { names: string[]; matrix: number[][] };
      correlation: { names: string[]; matrix: number[][] };
      statistics: Record<string, unknown>;
      solver: Record<string, unknown> & { phases: unknown[] };
    };
    expect(Object.keys(doc)).toEqual([
      'format', 'formatVersion', 'model', 'libraryId', 'columns', 'dataFile', 'settings', 'success', 'status', 'message',
      'parameters', 'confidenceLevel', 'tValue', 'statistic', 'covariance', 'correlation', 'statistics', 'solver', 'derived', 'poisson', 'modelComparison',
    ]);
    expect(doc.derived).toEqual([]);
    expect(doc.modelComparison).toBeNull();
    expect(doc.poisson).toBeNull(); // a least-squares fit
    expect(doc.statistic).toBe('t'); // Student's t (a Poisson likelihood fit says "z")
    expect(doc).toMatchObject({ format: 'fitbench-results', formatVersion: 1, model: spec.model, dataFile: 'decay.csv', success: true, columns: spec.columns });
    expect(doc.settings).toEqual(spec.settings);
    doc.parameters.forEach((p, i) => {
      const q = r.parameters[i];
      expect(p).toEqual({
        name: q.name, value: q.value, stderr: q.fixed ? null : q.stderr, ciLower: q.ciLower, ciUpper: q.ciUpper, fixed: q.fixed,
        start: q.start, min: Number.isFinite(q.min) ? q.min : null, max: Number.isFinite(q.max) ? q.max : null, atBound: q.atBound,
        tValue: q.fixed ? null : q.tStat, pValue: q.fixed ? null : q.pValue, percentError: q.fixed ? null : q.percentError,
      });
    });
    expect(doc.covariance.names).toEqual(['A', 'tau']);
    expect(doc.covariance.matrix.flat()).toEqual(Array.from(r.pcov));
    expect(doc.correlation.matrix.flat()).toEqual(Array.from(r.correlation));
    expect(doc.statistics).toEqual({ ...r.stats });
    expect(doc.solver).toMatchObject({ cost: r.cost, nfev: r.nfev, njev: r.njev, nit: r.nit, warnings: r.warnings });
    expect(doc.solver.phases).toHaveLength(r.phases.length);
  });

  it('resultsJson: derived quantities as computed, an undetermined error as null, a tied parameter marked', async () => {
    const r = await fit();
    const derived = [
      { name: 'half', expression: 'ln(2)*tau', value: 2.5, stderr: 0.125, ciLower: 2.2, ciUpper: 2.8 },
      { name: 'q', expression: 'A', value: 1, stderr: Infinity, ciLower: -Infinity, ciUpper: Infinity },
      { name: 'c', expression: '2*A', value: 2, stderr: 0.5, ciLower: 1, ciUpper: 3, tied: true },
    ];
    const doc = JSON.parse(resultsJson(spec, r, derived)) as { derived: unknown[] };
    expect(doc.derived).toEqual([{ ...derived[0], tied: false }, { name: 'q', expression: 'A', value: 1, stderr: null, ciLower: null, ciUpper: null, tied: false }, derived[2]]);
  });

  it('resultsCsv: name,value,stderr,ci_lower,ci_upper,fixed with exact numbers', async () => {
    const r = await fit();
    const rows = readCsv(resultsCsv(r));
    expect(rows[0]).toEqual(['name', 'value', 'stderr', 'ci_lower', 'ci_upper', 'fixed']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['A', 'tau', 'c']);
    rows.slice(1).forEach((row, i) => {
      const p = r.parameters[i];
      expect([cell(row[1]), cell(row[2]), cell(row[3]), cell(row[4]), row[5]]).toEqual([p.value, p.stderr, p.ciLower, p.ciUpper, String(p.fixed)]);
    });
    expect(rows[3][2]).toBe(''); // fixed: no standard error
  });

  it('covariance and correlation CSV: labelled k×k matrices', async () => {
    const r = await fit();
    for (const [text, values] of [[covarianceCsv(r), r.pcov], [correlationCsv(r), r.correlation]] as const) {
      const rows = readCsv(text);
      expect(rows[0]).toEqual(['parameter', 'A', 'tau']);
      expect(rows.map((row) => row[0])).toEqual(['parameter', 'A', 'tau']);
      expect(rows.slice(1).flatMap((row) => row.slice(1).map(cell))).toEqual(Array.from(values));
    }
  });
});

describe('curve exports', () => {
  it('curveCsv: x,y,fit,residual at the data points, exact', () => {
    const fitv = t.map((v) => 900 * Math.exp(-v / 2.2) + 12.5);
    const res = y.map((v, i) => v - fitv[i]);
    const rows = readCsv(curveCsv(t, y, fitv, res));
    expect(rows[0]).toEqual(['x', 'y', 'fit', 'residual']);
    expect(rows.slice(1).map((row) => row.map(cell))).toEqual(Array.from(t, (v, i) => [v, y[i], fitv[i], res[i]]));
    const named = readCsv(curveCsv([{ name: 'x1', values: [1, 2] }, { name: 'x2', values: [3, 4] }], [5, 6], [5, 7], [0, -1], { y: 'counts' }));
    expect(named).toEqual([['x1', 'x2', 'counts', 'fit', 'residual'], ['1', '3', '5', '5', '0'], ['2', '4', '6', '7', '-1']]);
    expect(() => curveCsv([1, 2], [1], [1, 2], [1, 2])).toThrow(RangeError);
  });

  it('gridCurveCsv: x,fit and the band columns given', () => {
    const rows = readCsv(gridCurveCsv([0, 1], [2, 3], { confidence: { lower: [1, 2], upper: [3, 4] }, prediction: { lower: [0, Infinity], upper: [5, NaN] } }));
    expect(rows).toEqual([
      ['x', 'fit', 'conf_lower', 'conf_upper', 'pred_lower', 'pred_upper'],
      ['0', '2', '1', '3', '0', '5'],
      ['1', '3', '2', '4', 'inf', ''],
    ]);
    expect(readCsv(gridCurveCsv([0], [2]))).toEqual([['x', 'fit'], ['0', '2']]);
  });

  it('quotes fields only when needed', () => {
    expect([csvField('a'), csvField('a,b'), csvField('say "x"'), csvField(' pad'), csvField('a\nb')]).toEqual(['a', '"a,b"', '"say ""x"""', '" pad"', '"a\nb"']);
  });
});
