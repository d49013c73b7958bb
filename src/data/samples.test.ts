import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decimalResidual } from './decimalResidual';
import { parseDelimitedText } from './parseText';
import { selectColumns } from './selectColumns';
import { isEquationModel, isOdeModel, parseStatements } from '../model/index';
import { unknownRows } from '../fit/unknownRows';
import { sampleAssay } from '../share/assay';

interface SampleEntry {
  id: string;
  title: string;
  description: string;
  file: string;
  x: string[];
  y: string;
  sigma?: string;
  sigmaX?: Record<string, string>;
  model: string;
  params?: Record<string, number>;
  truth?: Record<string, number>;
  certified?: { values: Record<string, number>; rss: number };
  /** Each y column is a dataset (a plate's wells as columns). */
  wide?: boolean;
  /** The assay switches it opens with (issue 26). */
  assay?: Record<string, unknown>;
  /** A standard curve's unknown samples and their true x. */
  unknowns?: Record<string, number>;
}

interface NistProblem {
  name: string;
  x: number[];
  y: number[];
  params: string[];
  start1: number[];
}

const samples = new URL('../../public/samples/', import.meta.url);
const read = (file: string): string => readFileSync(new URL(file, samples), 'utf8');
const manifest = JSON.parse(read('index.json')) as SampleEntry[];
const nist = JSON.parse(readFileSync(new URL('../../fixtures/nist/nist_strd.json', import.meta.url), 'utf8')) as NistProblem[];
const FUNCTIONS = new Set(['exp', 'sin', 'cos', 'log', 'sqrt', 'pi']);

describe('public/samples', () => {
  it('lists the promised datasets', () => {
    expect(manifest.map((e) => e.id)).toEqual([
      'decay', 'peaks', 'dose-response', 'damped-sine', 'nist-misra1a', 'nist-thurber', 'nist-gauss2', 'puromycin', 'plate-reader',
      // ODE models (issue 23; make_ode_samples.py): statements over the sample's columns.
      'ode-consecutive', 'ode-michaelis-menten', 'ode-pk-two-compartment', 'ode-sir', 'lotka-volterra', 'ode-logistic',
      // A standard curve with unknown rows (issue 26; make_elisa_plate.py): opens with its assay switches.
      'elisa-plate',
      // Errors in both variables (issue 24; make_odr_samples.py): York's line, an implicit circle.
      'odr-york', 'odr-circle',
      // Mixed effects (issue 25): R's Orange, the file fixtures/mixed/make_fits.R wrote for nlme.
      'orange',
    ]);
    expect(new Set(manifest.map((e) => e.file)).size).toBe(manifest.length);
  });

  for (const entry of manifest) {
    it(`${entry.id}: parses, selects cleanly, and its model uses only columns and parameters`, () => {
      const parsed = parseDelimitedText(read(entry.file));
      if (!parsed.ok) throw new Error(parsed.error.message);
      const table = parsed.value;
      expect(table.hasHeader).toBe(true);
      expect(table.issueCount).toBe(0);
      // The unknowns of an assay sample (rows with a y and an empty x) are not fitted: the
      // standards are every other row, and each of them is usable.
      const assay = sampleAssay(entry.assay as never);
      const col = (name: string) => table.columns.find((c) => c.name === name) ?? null;
      const x = col(entry.x[0]);
      const y = col(entry.y);
      if (!x || !y) throw new Error('no x or y column');
      const found = assay.interpolate ? unknownRows(table, { x, y, sigma: null, sample: assay.sample ? col(assay.sample) : null, skip: null }) : null;
      if (found && !found.ok) throw new Error(`line ${found.problem.line}`);
      const skip = found?.value.mask ?? null;
      const fit = selectColumns(table, { x: entry.x, y: entry.y, sigma: entry.sigma ?? null, strict: true, skip });
      if (!fit.ok) throw new Error(fit.error.message);
      const unknowns = skip ? skip.reduce((n, v) => n + v, 0) : 0;
      expect(fit.value.rows).toBe(table.rowCount - unknowns);
      if (found) expect(found.value.samples.length).toBeGreaterThan(0);
      if (isOdeModel(entry.model)) {
        // Statements: their ~ lines name columns of the file, and the starts are their parameters.
        const ode = parseStatements(entry.model, { columns: table.columns.map((c) => c.name) });
        if (!ode.ok) throw new Error(ode.error.message);
        expect(ode.value.params).toEqual(Object.keys(entry.params ?? {}));
      } else {
        // An implicit model's equation relates x and y (issue 24); its σ columns are the file's.
        const equation = isEquationModel(entry.model);
        for (const s of Object.values(entry.sigmaX ?? {})) expect(table.columns.map((c) => c.name)).toContain(s);
        const known = new Set([...entry.x, ...(equation ? [entry.y] : []), ...Object.keys(entry.params ?? {}), ...FUNCTIONS]);
        const idents = entry.model.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
        expect(idents.filter((id) => !known.has(id))).toEqual([]);
      }
      // A wide sample's truth differs per column (its generator says how each was drawn).
      if (entry.wide) return;
      expect(entry.truth ?? entry.certified?.values).toBeDefined();
      expect(Object.keys(entry.truth ?? entry.certified?.values ?? {})).toEqual(Object.keys(entry.params ?? {}));
    });
  }

  it('plate-reader: 12 doses by 96 wells A1 to H12, with the three bad wells the description names', () => {
    const parsed = parseDelimitedText(read('plate_reader.csv'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const t = parsed.value;
    const wells = 'ABCDEFGH'.split('').flatMap((r) => Array.from({ length: 12 }, (_, c) => `${r}${c + 1}`));
    expect(t.columns.map((c) => c.name)).toEqual(['conc', ...wells]);
    expect(t.rowCount).toBe(12);
    const usable = (name: string) => {
      const r = selectColumns(t, { x: ['conc'], y: name });
      return r.ok ? r.value.rows : 0;
    };
    expect(wells.filter((w) => usable(w) !== 12)).toEqual(['G12', 'H12']);
    expect(usable('G12')).toBe(3);
    expect(usable('H12')).toBe(0);
  });

  it('elisa-plate: 8 standards in duplicate and 6 unknown samples in duplicate, the ones with a true x named', () => {
    const e = manifest.find((m) => m.id === 'elisa-plate');
    if (!e) throw new Error('no elisa-plate');
    const parsed = parseDelimitedText(read(e.file));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const t = parsed.value;
    const col = (name: string) => t.columns.find((c) => c.name === name) ?? null;
    const [x, y, sample] = [col('conc'), col('od'), col('sample')];
    if (!x || !y || !sample) throw new Error('columns');
    const found = unknownRows(t, { x, y, sigma: null, sample, skip: null });
    if (!found.ok) throw new Error('refused');
    expect(t.rowCount).toBe(28);
    expect(found.value.samples.map((s) => `${s.sample}×${s.lines.length}`)).toEqual(['U1×2', 'U2×2', 'U3×2', 'U4×2', 'U5×2', 'U6×2']);
    expect(Object.keys(e.unknowns ?? {})).toEqual(['U1', 'U2', 'U3', 'U4', 'U5']);
    expect(sampleAssay(e.assay as never)).toMatchObject({ interpolate: true, sample: 'sample', rout: true, bootstrap: false });
  });

  it('has the dataset sizes the descriptions promise', () => {
    const rows = (id: string): number => {
      const e = manifest.find((m) => m.id === id);
      const r = e && parseDelimitedText(read(e.file));
      return r && r.ok ? r.value.rowCount : -1;
    };
    expect(rows('peaks')).toBe(400);
    expect(rows('dose-response')).toBe(30);
    expect(rows('decay')).toBe(81);
    expect(rows('orange')).toBe(35);
  });

  it('orange: the file nlme was fitted to (fixtures/mixed/orange.csv), its random parameters in the model', () => {
    expect(read('orange.csv')).toBe(readFileSync(new URL('../../fixtures/mixed/orange.csv', import.meta.url), 'utf8'));
    const entry = manifest.find((e) => e.id === 'orange') as SampleEntry & { random?: string[]; group?: string };
    expect(entry.group).toBe('Tree');
    for (const name of entry.random ?? []) expect(Object.keys(entry.params ?? {})).toContain(name);
    expect(entry.random).toEqual(['Asym']);
  });

  it('keeps the NIST decimals exactly (values = NIST JSON, lo = the residual of the file text)', () => {
    for (const entry of manifest.filter((e) => e.id.startsWith('nist-'))) {
      const problem = nist.find((p) => `nist-${p.name.toLowerCase()}` === entry.id);
      if (!problem) throw new Error(`no NIST problem for ${entry.id}`);
      const text = read(entry.file);
      const parsed = parseDelimitedText(text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const [x, y] = parsed.value.columns;
      expect(Array.from(x?.values ?? [])).toEqual(problem.x);
      expect(Array.from(y?.values ?? [])).toEqual(problem.y);
      const cells = text.trim().split('\n').slice(1).map((line) => line.split(','));
      cells.forEach(([xs = '', ys = ''], i) => {
        expect(x?.lo?.[i]).toBe(decimalResidual(xs, Number(xs)));
        expect(y?.lo?.[i]).toBe(decimalResidual(ys, Number(ys)));
      });
      expect(entry.params).toEqual(Object.fromEntries(problem.params.map((p, i) => [p, problem.start1[i]])));
    }
  });
});
