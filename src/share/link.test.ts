import { describe, expect, it } from 'vitest';
import { decodeSpec } from './decode';
import { encodeSpec, validateSpec } from './encode';
import { SpecError, type ShareErrorCode } from './errors';
import { MAX_FRAGMENT_CHARS } from './limits';
import { decaySpec, DEFAULT_SETTINGS, rawLink } from './testSpecs.test';
import { SPEC_VERSION, type FitSpec } from './types';
import { specToWire } from './wire';
import { writeJson } from './jsonText';

/** The wire JSON of the decay spec with `edit` applied: a link forged by hand. */
function forged(edit: (wire: Record<string, unknown>) => void): string {
  const wire = JSON.parse(writeJson(specToWire(decaySpec()))) as Record<string, unknown>;
  edit(wire);
  return rawLink(JSON.stringify(wire));
}

function refused(link: string, code: ShareErrorCode, pattern?: RegExp) {
  const r = decodeSpec(link);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.code).toBe(code);
  if (pattern) expect(r.error.message).toMatch(pattern);
  return r.error;
}

describe('encodeSpec / decodeSpec', () => {
  it('round-trips a spec, with the documented prefix and alphabet', () => {
    const spec = decaySpec();
    const link = encodeSpec(spec);
    expect(link).toMatch(/^#fit=v1\.[A-Za-z0-9_-]+$/);
    expect(decodeSpec(link)).toEqual({ ok: true, spec });
  });

  it('reads a whole URL, a fragment among others, and the bare payload', () => {
    const link = encodeSpec(decaySpec());
    const bare = link.slice('#fit='.length);
    for (const text of [`https://example.org/fitbench/${link}`, `#view=plot&fit=${bare}&x=1`, bare, `  ${link}\n`]) {
      expect(decodeSpec(text).ok).toBe(true);
    }
  });

  it('keeps infinite bounds, -0, extreme numbers and unicode file names exactly', () => {
    const spec = decaySpec({
      parameters: [
        { name: 'A', value: -0, min: -Infinity, max: 5e-324, fixed: false },
        { name: 'tau', value: 1.7976931348623157e308, min: -Infinity, max: Infinity, fixed: true },
        { name: 'c', value: 0.1 + 0.2, min: 0.1, max: Infinity, fixed: false },
      ],
      data: { kind: 'inline', fileName: 'Mößbauer – 57Fe 🧪.csv', columns: { t: [-0, 1e-310, 3], counts: [1e21, 2 ** -1074, -123.456] } },
    });
    expect(decodeSpec(encodeSpec(spec))).toEqual({ ok: true, spec });
  });

  it('refuses to encode an invalid spec, naming the field', () => {
    const bad = decaySpec({ settings: { ...DEFAULT_SETTINGS, ftol: 0 } });
    expect(() => encodeSpec(bad)).toThrow(SpecError);
    expect(() => encodeSpec(bad)).toThrow(/settings\.ftol must be > 0/);
    expect(validateSpec(bad)).toMatchObject({ ok: false, error: { code: 'invalid', path: 'settings.ftol' } });
  });
});

describe('decodeSpec refuses bad links with a clear message', () => {
  it('empty, foreign and malformed text', () => {
    refused('', 'empty');
    refused('#', 'not-a-link');
    refused('https://example.org/page#section', 'not-a-link');
    refused('#fit=v1.ab+c', 'bad-encoding');
    refused('#fit=v1.AAAA', 'corrupt', /damaged/);
    refused('#fit=vx.AAAA', 'not-a-link');
    refused('#fit=v0.AAAA', 'not-a-link');
  });

  it('newer versions, by prefix or by content', () => {
    refused('#fit=v2.AAAA', 'newer-version', /made by a newer Fitbench/);
    refused(rawLink(writeJson({ ...(specToWire(decaySpec()) as object), version: 7 }), 7), 'newer-version', /newer Fitbench/);
    refused(rawLink(writeJson({ ...(specToWire(decaySpec()) as object), version: 2 }), 1), 'invalid', /prefix says format 1/);
  });

  it('oversized text before decoding, and oversized content while inflating', () => {
    refused(`#fit=v1.${'A'.repeat(MAX_FRAGMENT_CHARS + 1)}`, 'too-large');
    refused(rawLink(`{"version":1${' '.repeat(17 << 20)}}`), 'too-large', /more than/);
  });

  it('truncated links', () => {
    const link = encodeSpec(decaySpec());
    for (const cut of [link.length - 1, link.length - 5, Math.floor(link.length / 2), 12]) {
      expect(decodeSpec(link.slice(0, cut)).ok).toBe(false);
    }
  });

  it('content that is not JSON, or JSON that is not a spec', () => {
    refused(rawLink('{"version":1,'), 'bad-json');
    refused(rawLink('[1,2,3]'), 'invalid', /must be an object/);
    refused(rawLink('null'), 'invalid');
  });

  const cases: [string, (w: Record<string, unknown>) => void, string, RegExp][] = [
    ['unknown top-level field', (w) => (w.extra = 1), 'extra', /not a field/],
    ['missing field', (w) => delete w.settings, 'settings', /is missing/],
    ['version as text', (w) => (w.version = '1'), 'version', /must be 1, got "1"/],
    ['empty model', (w) => (w.model = ''), 'model', /must not be empty/],
    ['negative tolerance', (w) => ((w.settings as Record<string, unknown>).xtol = -1), 'settings.xtol', /> 0/],
    ['tolerance as text', (w) => ((w.settings as Record<string, unknown>).gtol = '1e-8'), 'settings.gtol', /finite number/],
    ['maxNfev fraction', (w) => ((w.settings as Record<string, unknown>).maxNfev = 2.5), 'settings.maxNfev', /whole number/],
    ['maxNfev zero', (w) => ((w.settings as Record<string, unknown>).maxNfev = 0), 'settings.maxNfev', /whole number/],
    ['unknown loss', (w) => ((w.settings as Record<string, unknown>).loss = 'l2'), 'settings.loss', /one of linear, soft_l1/],
    ['f_scale zero', (w) => ((w.settings as Record<string, unknown>).fScale = 0), 'settings.fScale', /> 0/],
    ['varpro not a boolean', (w) => ((w.settings as Record<string, unknown>).varpro = 'yes'), 'settings.varpro', /true or false/],
    ['x_scale word', (w) => ((w.settings as Record<string, unknown>).xScale = 'auto'), 'settings.xScale', /finite number/],
    ['bounds reversed', (w) => (((w.parameters as Record<string, unknown>[])[0].min = 5), ((w.parameters as Record<string, unknown>[])[0].max = 1)), 'parameters[0].min', /below max/],
    ['start outside bounds', (w) => ((w.parameters as Record<string, unknown>[])[0].min = 2000), 'parameters[0].value', /within its bounds/],
    ['fixed parameter without a value', (w) => (((w.parameters as Record<string, unknown>[])[1].fixed = true), ((w.parameters as Record<string, unknown>[])[1].value = null)), 'parameters[1].value', /a fixed parameter needs a value/],
    ['start value as text', (w) => ((w.parameters as Record<string, unknown>[])[1].value = '3'), 'parameters[1].value', /finite number/],
    ['parameter name not an identifier', (w) => ((w.parameters as Record<string, unknown>[])[0].name = 'A B'), 'parameters[0].name', /letters, digits/],
    ['parameter not in the model', (w) => ((w.parameters as Record<string, unknown>[])[0].name = 'B'), 'parameters[0].name', /not a parameter of the model \(A, tau, c\)/],
    ['parameter missing', (w) => (w.parameters as unknown[]).pop(), 'parameters', /lacks the model's parameter c/],
    ['parameter twice', (w) => (w.parameters as unknown[]).push((w.parameters as unknown[])[0]), 'parameters[3].name', /listed twice/],
    ['column named twice', (w) => ((w.columns as Record<string, unknown>).y = 't'), 'columns', /more than once/],
    ['x column unused', (w) => ((w.columns as Record<string, unknown>).x = ['t', 'u']), 'columns.x', /does not use/],
    ['empty column name', (w) => ((w.columns as Record<string, unknown>).y = ''), 'columns.y', /must not be empty/],
    ['data column missing', (w) => delete ((w.data as Record<string, unknown>).columns as Record<string, unknown>).counts, 'data.columns.counts', /is missing/],
    ['data columns of unequal length', (w) => (((w.data as Record<string, unknown>).columns as Record<string, number[]>).counts.pop()), 'data.columns.counts', /must have 4 rows/],
    ['data value not finite', (w) => (((w.data as Record<string, unknown>).columns as Record<string, unknown[]>).t[1] = null), 'data.columns.t[1]', /finite number/],
    ['data with no rows', (w) => ((w.data as Record<string, unknown>).columns = { t: [], counts: [] }), 'data.columns', /at least one row/],
    ['unknown data kind', (w) => ((w.data as Record<string, unknown>).kind = 'url'), 'data.kind', /inline, fingerprint/],
    ['bad fingerprint hash', (w) => (w.data = { kind: 'fingerprint', fileName: null, rows: 3, hash: 'XYZ' }), 'data.hash', /16 lowercase hex/],
    ['control character in file name', (w) => ((w.data as Record<string, unknown>).fileName = 'a\nb.csv'), 'data.fileName', /control/],
  ];
  for (const [name, edit, path, message] of cases) {
    it(`invalid field: ${name}`, () => {
      const error = refused(forged(edit), 'invalid', message);
      expect(error?.path).toBe(path);
    });
  }

  it('an empty start value (null) of a free parameter is valid and kept (issue 11)', () => {
    const link = forged((w) => ((w.parameters as Record<string, unknown>[])[1].value = null));
    const r = decodeSpec(link);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.spec.parameters.map((p) => p.value)).toEqual([1000, null, 0]);
    const again = decodeSpec(encodeSpec(r.spec));
    expect(again.ok && again.spec.parameters[1]).toEqual({ name: 'tau', value: null, min: -Infinity, max: Infinity, fixed: false });
  });

  it('a sigma column must be positive', () => {
    const link = forged((w) => {
      (w.columns as Record<string, unknown>).sigma = 's';
      ((w.data as Record<string, unknown>).columns as Record<string, unknown>).s = [1, 0, 1, 1];
    });
    expect(refused(link, 'invalid', /must be > 0/)?.path).toBe('data.columns.s[1]');
  });

  it('a model that does not compile, with the compiler message', () => {
    refused(forged((w) => (w.model = 'A*exp(-t/tau')), 'model', /does not compile: .*\(/);
    refused(forged((w) => (w.model = 'A*sn(t)')), 'model', /Unknown function "sn".*did you mean "sin"/);
  });

  it('a parameter that shares its name with a data column', () => {
    const spec: FitSpec = decaySpec({ model: 'A*exp(-t/tau) + counts', parameters: [...decaySpec().parameters.slice(0, 2), { name: 'counts', value: 0, min: -Infinity, max: Infinity, fixed: false }] });
    expect(validateSpec(spec)).toMatchObject({ ok: false, error: { path: 'parameters[2].name' } });
  });

  it('a spec without data, or with a fingerprint, is fine', () => {
    for (const data of [null, { kind: 'fingerprint' as const, fileName: null, rows: 10, hash: '0123456789abcdef' }]) {
      const spec = decaySpec({ data });
      expect(decodeSpec(encodeSpec(spec))).toEqual({ ok: true, spec });
    }
    expect(SPEC_VERSION).toBe(1);
  });
});

describe('spec JSON (sessions, files)', () => {
  it('round-trips through specToJson / specFromJson and refuses what a link would refuse', async () => {
    const { specFromJson, specToJson } = await import('./specJson');
    const spec = decaySpec();
    expect(specFromJson(specToJson(spec))).toEqual({ ok: true, spec });
    expect(specFromJson('{')).toMatchObject({ ok: false, error: { code: 'bad-json' } });
    expect(specFromJson(specToJson(decaySpec({ model: 'A*' })))).toMatchObject({ ok: false, error: { code: 'model' } });
    expect(specFromJson(JSON.stringify({ ...JSON.parse(specToJson(spec)), version: 3 }))).toMatchObject({ ok: false, error: { code: 'newer-version' } });
  });

  it('validateSpec never throws, even on objects that are not specs', () => {
    for (const junk of [null, 42, {}, { settings: 1 }, { parameters: 'x', columns: {} }]) {
      expect(validateSpec(junk as unknown as FitSpec).ok).toBe(false);
    }
  });
});
