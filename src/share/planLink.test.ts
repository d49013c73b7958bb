import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSpec } from './decode';
import { fingerprint, matchesFingerprint, usedColumns } from './fingerprint';
import { LINK_DATA_BUDGET } from './limits';
import { planLink } from './planLink';
import { decaySpec } from './testSpecs.test';

/** Deterministic pseudo-random numbers (xorshift32) in [0, 1). */
function noise(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

function decayData(rows: number): [Float64Array, Float64Array] {
  const r = noise(rows);
  const t = Float64Array.from({ length: rows }, (_, i) => i * 0.01);
  const y = t.map((v) => 1000 * Math.exp(-v / 3) + 10 * (r() - 0.5));
  return [t, y];
}

describe('fingerprint', () => {
  it('is stable and documented: a fixed vector', () => {
    expect(fingerprint([Float64Array.of(1, 2, 3), Float64Array.of(0.5, -0, NaN)])).toEqual(fingerprint([Float64Array.of(1, 2, 3), Float64Array.of(0.5, 0, -NaN)]));
    expect(fingerprint([])).toEqual({ rows: 0, hash: 'cbf29ce484222325' });
    // FNV-1a 64 of the 8 little-endian bytes of 1.0 (00 00 00 00 00 00 f0 3f), computed in Python with struct
    expect(fingerprint([Float64Array.of(1)]).hash).toBe('aab1693229ba1db8');
  });

  it('tells columns apart by value, order and length', () => {
    const a = Float64Array.of(1, 2, 3);
    const b = Float64Array.of(1, 2, 3 + 2 ** -51);
    expect(fingerprint([a]).hash).not.toBe(fingerprint([b]).hash);
    expect(fingerprint([a, b]).hash).not.toBe(fingerprint([b, a]).hash);
    expect(matchesFingerprint(fingerprint([a, b]), [a, b])).toBe(true);
    expect(matchesFingerprint(fingerprint([a, b]), [a, a])).toBe(false);
    expect(matchesFingerprint(fingerprint([a, b]), [a.subarray(1), b.subarray(1)])).toBe(false);
    expect(matchesFingerprint(fingerprint([a]), [a, a.subarray(1)])).toBe(false);
  });

  it('is the same in Python (the docblock recipe), when python3 with numpy is here', (ctx) => {
    let ok = true;
    try {
      execFileSync('python3', ['-c', 'import numpy'], { stdio: 'ignore' });
    } catch {
      ok = false;
    }
    if (!ok) return ctx.skip('python3 with numpy is not available');
    const cases = fc.sample(fc.array(fc.array(fc.double(), { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 3 }), { numRuns: 40, seed: 5 });
    const script = [
      'import json, sys, numpy as np',
      'out = []',
      'for case in json.loads(sys.stdin.read()):',
      '    cols = [np.array([float(v) for v in c]) for c in case]',
      "    buf = np.concatenate([np.where(np.isnan(c), np.nan, c + 0.0) for c in cols]).astype('<f8').tobytes()",
      '    h = 0xcbf29ce484222325',
      '    for b in buf: h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF',
      "    out.append(format(h, '016x'))",
      'print(json.dumps(out))',
    ].join('\n');
    // float() reads 'nan', 'inf', '-inf' and '-0.0'; repr-free text keeps every bit
    const text = (v: number) => (Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : Object.is(v, -0) ? '-0.0' : String(v));
    const input = JSON.stringify(cases.map((cols) => cols.map((c) => c.map(text))));
    const hashes = JSON.parse(execFileSync('python3', ['-c', script], { input, encoding: 'utf8' })) as string[];
    expect(hashes).toEqual(cases.map((cols) => fingerprint(cols.map((c) => Float64Array.from(c))).hash));
  });
});

describe('planLink', () => {
  const spec = decaySpec({ data: null });

  it('carries small data inline', () => {
    const cols = decayData(200);
    const plan = planLink(spec, cols, { fileName: 'decay.csv' });
    expect(plan.dataIncluded).toBe(true);
    expect(plan.bytes).toBe(plan.fragment.length);
    const back = decodeSpec(plan.fragment);
    expect(back.ok).toBe(true);
    if (!back.ok || back.spec.data?.kind !== 'inline') throw new Error('expected inline data');
    expect(back.spec.data.fileName).toBe('decay.csv');
    expect(Float64Array.from(back.spec.data.columns.counts)).toEqual(cols[1]);
  });

  it('carries a fingerprint of data too large for 64 KiB, which the same data match', () => {
    const cols = decayData(50_000);
    const plan = planLink(spec, cols, { fileName: 'big.csv' });
    expect(plan.dataIncluded).toBe(false);
    expect(plan.bytes).toBeLessThan(1000);
    const back = decodeSpec(plan.fragment);
    if (!back.ok || back.spec.data?.kind !== 'fingerprint') throw new Error('expected a fingerprint');
    expect(back.spec.data).toMatchObject({ fileName: 'big.csv', rows: 50_000 });
    expect(matchesFingerprint(back.spec.data, cols)).toBe(true);
    expect(matchesFingerprint(back.spec.data, [cols[0], cols[0]])).toBe(false);
  });

  it('stays within the budget it is given', () => {
    for (const rows of [500, 2000, 5000, 8000]) {
      const plan = planLink(spec, decayData(rows));
      if (plan.dataIncluded) expect(plan.bytes).toBeLessThanOrEqual(Math.ceil((LINK_DATA_BUDGET * 4) / 3) + 16);
    }
    expect(planLink(spec, decayData(500), { budget: 100 }).dataIncluded).toBe(false);
  });

  it('falls back to a fingerprint for values a link cannot carry, and takes no data at all', () => {
    const [t, y] = decayData(10);
    y[3] = NaN;
    expect(planLink(spec, [t, y]).dataIncluded).toBe(false);
    const none = planLink(spec, null);
    expect(none).toMatchObject({ dataIncluded: false, data: null });
    expect(decodeSpec(none.fragment)).toEqual({ ok: true, spec });
  });

  it('refuses columns that do not match the spec', () => {
    expect(usedColumns(spec.columns)).toEqual(['t', 'counts']);
    expect(() => planLink(spec, [Float64Array.of(1)])).toThrow(RangeError);
    expect(() => planLink(spec, [Float64Array.of(1), Float64Array.of(1, 2)])).toThrow(RangeError);
  });
});
