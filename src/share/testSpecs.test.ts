/** Spec builders and fast-check arbitraries shared by the share/export tests (a .test.ts file so that the core build never sees it). */
import { strToU8, zlibSync } from 'fflate';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { CONSTANTS, FUNCTIONS } from '../model/index';
import { LOSS_NAMES } from '../solver/loss';
import { base64urlEncode } from './base64url';
import { SPEC_VERSION, type FitSpec, type InlineData, type DataFingerprint, type ParameterRow, type SolverSettings } from './types';

export const DEFAULT_SETTINGS: SolverSettings = {
  loss: 'linear',
  fScale: 1,
  ftol: 1e-15,
  xtol: 1e-15,
  gtol: 1e-15,
  maxNfev: null,
  xScale: 'jac',
  method: 'auto',
  backend: 'auto',
  absoluteSigma: false,
};

/** Puromycin's Michaelis–Menten spec with scipy's default tolerances (the groups and derived tests). */
export const PUROMYCIN_SPEC: FitSpec = {
  version: 1,
  model: 'Vm*conc/(K + conc)',
  libraryId: null,
  columns: { x: ['conc'], y: 'rate', sigma: null },
  parameters: [
    { name: 'Vm', value: 200, min: 0, max: Infinity, fixed: false },
    { name: 'K', value: 0.1, min: 0, max: Infinity, fixed: false },
  ],
  settings: { loss: 'linear', fScale: 1, ftol: 1e-8, xtol: 1e-8, gtol: 1e-8, maxNfev: null, xScale: 'jac', method: 'auto', backend: 'auto', absoluteSigma: false },
  data: null,
};

/** A valid decay spec; `patch` replaces top-level fields. */
export function decaySpec(patch: Partial<FitSpec> = {}): FitSpec {
  return {
    version: SPEC_VERSION,
    model: 'A*exp(-t/tau) + c',
    libraryId: null,
    columns: { x: ['t'], y: 'counts', sigma: null },
    parameters: [
      { name: 'A', value: 1000, min: 0, max: Infinity, fixed: false },
      { name: 'tau', value: 3, min: -Infinity, max: Infinity, fixed: false },
      { name: 'c', value: 0, min: -Infinity, max: Infinity, fixed: false },
    ],
    settings: DEFAULT_SETTINGS,
    data: { kind: 'inline', fileName: 'decay.csv', columns: { t: [0, 1, 2, 3], counts: [1000, 700, 500, 360] } },
    ...patch,
  };
}

/** A link fragment for arbitrary JSON text, bypassing encodeSpec's validation (for forged links). */
export function rawLink(json: string, version = 1): string {
  return `#fit=v${version}.${base64urlEncode(zlibSync(strToU8(json), { level: 9 }))}`;
}

const RESERVED = new Set([...Object.keys(FUNCTIONS), ...Object.keys(CONSTANTS)]);
export const arbIdentifier = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/).filter((s) => !RESERVED.has(s));

const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
const positiveDouble = fc.double({ min: Number.MIN_VALUE, noNaN: true, noDefaultInfinity: true });

const TERMS: readonly ((p: string, x: string) => string)[] = [
  (p) => p,
  (p, x) => `${p}*${x}`,
  (p, x) => `${p}*exp(-${x})`,
  (p, x) => `sin(${p}*${x})`,
  (p, x) => `${p}^2/(1 + ${x}^2)`,
];

function arbParameter(name: string): fc.Arbitrary<ParameterRow> {
  return fc
    .record({ a: finiteDouble, b: finiteDouble, c: finiteDouble, lower: fc.boolean(), upper: fc.boolean(), fixed: fc.boolean(), empty: fc.boolean() })
    .map(({ a, b, c, lower, upper, fixed, empty }) => {
      const [lo, v, hi] = [a, b, c].sort((p, q) => p - q);
      // An empty start value (null, issue 11) is valid for a free parameter only.
      return { name, value: empty && !fixed ? null : v, min: lower ? lo : -Infinity, max: upper ? hi : Infinity, fixed };
    })
    .filter((p) => p.min < p.max);
}

const arbSettings: fc.Arbitrary<SolverSettings> = fc.record({
  loss: fc.constantFrom(...LOSS_NAMES),
  fScale: positiveDouble,
  ftol: fc.double({ min: Number.MIN_VALUE, max: 1, noNaN: true }),
  xtol: fc.double({ min: Number.MIN_VALUE, max: 1, noNaN: true }),
  gtol: fc.double({ min: Number.MIN_VALUE, max: 1, noNaN: true }),
  maxNfev: fc.option(fc.integer({ min: 1, max: 1e9 })),
  xScale: fc.oneof(fc.constant('jac' as const), positiveDouble),
  method: fc.constantFrom('auto' as const, 'dense' as const, 'normal' as const),
  backend: fc.constantFrom('auto' as const, 'cpu' as const, 'gpu' as const),
  absoluteSigma: fc.boolean(),
});

// eslint-disable-next-line no-control-regex
const arbFileName = fc.option(fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }).filter((s) => !/[\u0000-\u001f\u007f]/.test(s)));

function arbData(used: readonly string[], sigma: string | null): fc.Arbitrary<InlineData | DataFingerprint | null> {
  const inline = fc.integer({ min: 1, max: 12 }).chain((rows) =>
    fc.record({
      fileName: arbFileName,
      values: fc.tuple(...used.map((n) => fc.array(n === sigma ? positiveDouble : finiteDouble, { minLength: rows, maxLength: rows }))),
    }),
  );
  return fc.oneof(
    fc.constant(null),
    inline.map(({ fileName, values }): InlineData => ({ kind: 'inline', fileName, columns: Object.fromEntries(used.map((n, j) => [n, values[j]])) })),
    fc
      .record({ fileName: arbFileName, rows: fc.integer({ min: 1, max: 1e9 }), hash: fc.stringMatching(/^[0-9a-f]{16}$/) })
      .map((r): DataFingerprint => ({ kind: 'fingerprint', ...r })),
  );
}

/** Random valid specs: identifiers, models using every x and parameter, bounds, settings, data. */
export const arbSpec: fc.Arbitrary<FitSpec> = fc
  .uniqueArray(arbIdentifier, { minLength: 3, maxLength: 9 })
  .chain((names) => {
    const nx = 1 + (names.length % 2);
    const x = names.slice(0, nx);
    const y = names[nx];
    const sigma = names.length % 3 === 0 ? names[nx + 1] : null;
    const params = names.slice(nx + (sigma === null ? 1 : 2));
    const columns = { x, y, sigma };
    const used = sigma === null ? [...x, y] : [...x, y, sigma];
    return fc.record({
      version: fc.constant(SPEC_VERSION),
      model: fc.tuple(...params.map(() => fc.integer({ min: 0, max: TERMS.length - 1 }))).map((ts) =>
        [...params.map((p, i) => TERMS[ts[i]](p, x[i % x.length])), ...x.map((v) => `0*${v}`)].join(' + '),
      ),
      libraryId: fc.option(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,20}$/)),
      columns: fc.constant(columns),
      parameters: fc.tuple(...params.map(arbParameter)),
      settings: arbSettings,
      data: arbData(used, sigma),
      // Sometimes the first parameter tied to the second (FitSpec.ties, issue 10).
      tied: fc.boolean(),
    }).map(({ tied, ...spec }): FitSpec => (tied && params.length >= 2 ? { ...spec, ties: [{ name: params[0], expression: `2*${params[1]} + 1` }] } : spec));
  })
  .filter((s) => s.parameters.length > 0);

it('test helpers load', () => {
  expect(decaySpec().model).toContain('exp');
});
