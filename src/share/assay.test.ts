/**
 * The assay settings in links (issue 26, src/share/assay.ts): they travel and come back exactly;
 * each bad field is refused by its name and rule; "Predict at x" reads numbers or names the bad one.
 */
import { describe, expect, it } from 'vitest';
import { decodeSpec } from './decode';
import { encodeSpec } from './encode';
import { writeJson } from './jsonText';
import { assayChanged, assayOn, DEFAULT_ASSAY, predictValues, readAssay, sampleAssay } from './assay';
import { Invalid } from './schema';
import { decaySpec, rawLink } from './testSpecs.test';
import type { AssaySettings } from './types';
import { specToWire } from './wire';

const ON: AssaySettings = { interpolate: true, sample: 'sample', predict: '1, 10, 1e2', rout: true, q: 0.5, keep: [7, 12], bootstrap: true, resamples: 500, kind: 'case', seed: 42, interval: 'bca' };

/** The message readAssay stops with (or null: accepted). */
function refusal(v: unknown): string | null {
  try {
    readAssay(v, 'assay');
    return null;
  } catch (e) {
    if (e instanceof Invalid) return e.message;
    throw e;
  }
}

describe('assay settings', () => {
  it('round-trip through a link, and a link without them reads back without them', () => {
    const spec = decaySpec({ assay: ON });
    expect(decodeSpec(encodeSpec(spec))).toEqual({ ok: true, spec });
    const plain = decaySpec();
    const back = decodeSpec(encodeSpec(plain));
    expect(back.ok && back.spec.assay).toBe(undefined);
  });

  it('readAssay returns each field as given', () => {
    expect(readAssay(JSON.parse(JSON.stringify(ON)), 'assay')).toEqual(ON);
    expect(readAssay({ ...DEFAULT_ASSAY }, 'assay')).toEqual(DEFAULT_ASSAY);
  });

  it('refuses each bad field by name', () => {
    expect(refusal({ ...ON, q: 0 })).toMatch(/^assay\.q must be a percentage above 0 and below 100, got 0$/);
    expect(refusal({ ...ON, q: 100 })).toMatch(/^assay\.q must be a percentage/);
    expect(refusal({ ...ON, resamples: 5 })).toMatch(/^assay\.resamples/);
    expect(refusal({ ...ON, resamples: 10.5 })).toMatch(/^assay\.resamples/);
    expect(refusal({ ...ON, kind: 'wild' })).toMatch(/^assay\.kind/);
    expect(refusal({ ...ON, seed: -1 })).toMatch(/^assay\.seed/);
    expect(refusal({ ...ON, sample: 'two words' })).toMatch(/^assay\.sample/);
    expect(refusal({ ...ON, predict: '1, ten' })).toMatch(/^assay\.predict must be x values separated by commas, got "ten"$/);
    expect(refusal({ ...ON, keep: [3, 0] })).toMatch(/^assay\.keep\[1\]/);
    expect(refusal({ ...ON, interpolate: 'yes' })).toMatch(/^assay\.interpolate/);
    expect(refusal({ ...ON, extra: 1 })).toMatch(/^assay\.extra is not a field/);
    const { seed: _seed, ...noSeed } = ON;
    expect(refusal(noSeed)).toMatch(/^assay\.seed is missing$/);
  });

  it('carries the bootstrap interval: each kind round-trips, a link without it reads as percentile, a bad one is refused by name', () => {
    for (const interval of ['percentile', 'bca', 'studentized'] as const) {
      const spec = decaySpec({ assay: { ...ON, interval } });
      expect(decodeSpec(encodeSpec(spec))).toEqual({ ok: true, spec });
    }
    // Percentile (the default) is not written, so a link from before the choice is the same text.
    const percentile = JSON.parse(writeJson(specToWire(decaySpec({ assay: { ...ON, interval: 'percentile' } })))) as { assay: Record<string, unknown> };
    expect(Object.keys(percentile.assay)).not.toContain('interval');
    const { interval: _interval, ...before } = ON;
    expect(readAssay(before, 'assay')).toEqual({ ...ON, interval: 'percentile' });
    expect(refusal({ ...ON, interval: 'basic' })).toBe('assay.interval must be one of percentile, bca, studentized, got "basic"');
    expect(refusal({ ...ON, interval: null })).toMatch(/^assay\.interval must be one of/);
    const wire = JSON.parse(writeJson(specToWire(decaySpec({ assay: ON })))) as Record<string, { interval: string }>;
    expect(wire.assay.interval).toBe('bca');
    wire.assay.interval = 'BCA';
    const r = decodeSpec(rawLink(JSON.stringify(wire)));
    expect(r.ok ? '' : r.error.message).toMatch(/assay\.interval must be one of percentile, bca, studentized/);
  });

  it('a link with a bad assay field is refused naming the field', () => {
    const wire = JSON.parse(writeJson(specToWire(decaySpec({ assay: ON })))) as Record<string, { q: number }>;
    wire.assay.q = 250;
    const r = decodeSpec(rawLink(JSON.stringify(wire)));
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error.message).toMatch(/assay\.q must be a percentage above 0 and below 100/);
  });

  it('predictValues reads commas, semicolons and spaces, and names the first value that is not a number', () => {
    expect(predictValues('')).toEqual({ ok: true, value: null });
    expect(predictValues(' 1, 2;3  4e1 ')).toEqual({ ok: true, value: [1, 2, 3, 40] });
    expect(predictValues('1, NaN')).toEqual({ ok: false, bad: 'NaN' });
    expect(predictValues('1, Infinity')).toEqual({ ok: false, bad: 'Infinity' });
  });

  it('on, changed and a sample’s partial settings over the defaults', () => {
    expect(assayOn(DEFAULT_ASSAY)).toBe(false);
    expect(assayChanged(DEFAULT_ASSAY)).toBe(false);
    expect(assayOn({ ...DEFAULT_ASSAY, predict: '5' })).toBe(true);
    expect(assayOn({ ...DEFAULT_ASSAY, q: 5 })).toBe(false);
    expect(assayChanged({ ...DEFAULT_ASSAY, q: 5 })).toBe(true);
    expect(sampleAssay(undefined)).toEqual(DEFAULT_ASSAY);
    expect(sampleAssay({ interpolate: true, sample: 'sample' })).toEqual({ ...DEFAULT_ASSAY, interpolate: true, sample: 'sample' });
    expect(() => sampleAssay({ q: -1 })).toThrow();
  });
});
