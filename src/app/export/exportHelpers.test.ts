import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FitOutcome, SelectionSummary, TableSummary } from '../../worker/api';
import { initialState, type AppState } from '../../state/store';
import { fitSignature } from '../../state/signature';
import { makeRow } from '../../state/slices/params';
import { analyzeModel } from '../../state/slices/model';
import { exportAvailability, exportBlocker, pythonExportLabel } from './catalogue';
import { exportBase, exportName } from './fileNames';
import { checkPng, checkSvg, dataUrlBytes, dataUrlText, pngSize } from './imageCheck';

function png(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, deflateSync(Buffer.alloc(4))]));
}

describe('export file names', () => {
  it('derive from the data file', () => {
    expect(exportName(exportBase('decay.csv'), 'results', 'json')).toBe('decay-results.json');
    expect(exportBase('my data (2024).tsv')).toBe('my-data-2024');
    expect(exportBase('archive.tar.gz')).toBe('archive.tar');
    expect(exportBase(null)).toBe('fitbench');
    expect(exportBase('...', 'pasted-data')).toBe('pasted-data');
    expect(exportBase('Messdaten-Ä.csv')).toBe('Messdaten-A');
  });
});

describe('exported images', () => {
  it('reads a PNG size and refuses what is not a plot', () => {
    expect(pngSize(png(1880, 1200))).toEqual({ width: 1880, height: 1200 });
    expect(checkPng(png(1880, 1200))).toBeNull();
    expect(checkPng(png(40, 1200))).toBe('the image is only 40×1200 pixels');
    expect(checkPng(new Uint8Array([1, 2, 3]))).toBe('the image is not a PNG');
  });

  it('finds the traces in an SVG', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><g class="scatterlayer mlayer"><g class="trace scatter"></g></g></svg>';
    expect(checkSvg(svg)).toBeNull();
    expect(checkSvg('<svg><g class="scatterlayer"></g></svg>')).toBe('the image has no plotted data');
    expect(checkSvg('<html></html>')).toBe('the image is not an SVG');
  });

  it('decodes data URLs', () => {
    expect([...dataUrlBytes(`data:image/png;base64,${Buffer.from([1, 2, 250]).toString('base64')}`)]).toEqual([1, 2, 250]);
    expect(dataUrlText(`data:image/svg+xml,${encodeURIComponent('<svg a="1">é</svg>')}`)).toBe('<svg a="1">é</svg>');
    expect(dataUrlText(`data:image/svg+xml;base64,${Buffer.from('<svg>é</svg>').toString('base64')}`)).toBe('<svg>é</svg>');
  });
});

describe('export availability', () => {
  const table = { rows: 3, columns: [], fileName: 'a.csv', delimiter: ',', decimalComma: false, hasHeader: true, preview: [], issues: [], issueCount: 0 } as unknown as TableSummary;
  const selection = { rows: 3 } as unknown as SelectionSummary;
  const base: AppState = {
    ...initialState,
    table,
    selection,
    source: { kind: 'file', name: 'a.csv', sampleId: null },
    mapping: { x: ['x'], y: 'y', sigma: null },
    modelText: 'a*x + b',
    modelInfo: analyzeModel('a*x + b', ['x']),
    params: [makeRow('a'), makeRow('b')],
  };

  it('needs data for anything', () => {
    expect(exportBlocker(initialState)).toBe('Load data and fit to export.');
    expect(Object.values(exportAvailability(initialState)).every((why) => why === 'Load data and fit to export.')).toBe(true);
  });

  it('needs a fit that still describes the page for results and curves', () => {
    const before = exportAvailability(base);
    expect(before['results-json']).toMatch(/^Fit first/);
    expect(before['points-csv']).toMatch(/^Fit first/);
    expect(before['plot-png']).toBeNull();
    expect(before.python).toBeNull();
    expect(before.cli).toBeNull();
    const fitted: AppState = { ...base, outcome: {} as FitOutcome, fitStatus: 'done', fittedSignature: fitSignature(base) };
    expect(Object.values(exportAvailability(fitted)).every((why) => why === null)).toBe(true);
    const changed: AppState = { ...fitted, params: [makeRow('a', { value: 2 }), makeRow('b')] };
    expect(exportAvailability(changed)['results-json']).toMatch(/out of date/);
    expect(exportAvailability({ ...fitted, curve: { kind: 'points' } as AppState['curve'] })['grid-csv']).toMatch(/no single curve/);
  });

  it('needs a model that compiles and a free parameter for the code', () => {
    const broken: AppState = { ...base, modelText: 'a*x +', modelInfo: analyzeModel('a*x +', ['x']) };
    expect(exportAvailability(broken).python).toMatch(/^Fix the model first/);
    const fixed: AppState = { ...base, params: [makeRow('a', { fixed: true }), makeRow('b', { fixed: true })] };
    expect(exportAvailability(fixed).python).toMatch(/Every parameter is fixed/);
    expect(exportAvailability(fixed).cli).toBeNull();
  });
});

describe('the Python item names what the script calls', () => {
  it('solve_ivp in least_squares for an ODE model, curve_fit for a closed-form one', () => {
    expect(pythonExportLabel({ modelText: 'dA/dt = -k*A\nA(0) = A0\nconc ~ A' })).toMatch(/solve_ivp/);
    expect(pythonExportLabel({ modelText: 'a*exp(-x/tau) + c' })).toMatch(/curve_fit/);
  });
});
