import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { clipToBounds, sampleBox, searchBoxes, type SearchBox } from './boxes';
import { linearParameters } from './linearity';

const x = Float64Array.from({ length: 101 }, (_, i) => 100 + i * 0.1); // x ∈ [100, 110], spacing 0.1

function boxes(text: string, bounds: Record<string, [number, number]> = {}): Record<string, SearchBox> {
  const c = compileModel(text, { columns: ['x'] });
  if (!c.ok) throw new Error(c.error.message);
  const m = c.value;
  const linear = linearParameters(m.ast, m.params);
  const searched = m.params.map((_, i) => i).filter((i) => !linear.includes(i));
  const lb = m.params.map((n) => bounds[n]?.[0] ?? -Infinity);
  const ub = m.params.map((n) => bounds[n]?.[1] ?? Infinity);
  const out = searchBoxes({ ast: m.ast, params: m.params, variables: m.variables, vars: [x], searched, known: new Map(linear.map((i) => [i, 1])), lb, ub });
  return Object.fromEntries(searched.map((p, j) => [m.params[p], out[j]]));
}

const contains = (b: SearchBox, v: number) => {
  const lo = Math.min(sampleBox(b, 0), sampleBox(b, 0.4999999), sampleBox(b, 0.5), sampleBox(b, 0.9999999));
  const hi = Math.max(sampleBox(b, 0), sampleBox(b, 0.4999999), sampleBox(b, 0.5), sampleBox(b, 0.9999999));
  return v >= lo && v <= hi;
};

describe('search boxes', () => {
  it('a rate in exp(−k·x) is log-scaled around 1/x, both signs', () => {
    const { k } = boxes('A*exp(-k*x)');
    expect(k.role).toBe('rate');
    expect(k.kind === 'log' && k.sign).toBe(0);
    expect(contains(k, 1 / 110)).toBe(true);
    expect(contains(k, -1 / 110)).toBe(true);
    expect(contains(k, 1)).toBe(true); // 1/range: range 10
  });

  it('a location in x − x0 lies within the x range, a width in its units, positive when squared', () => {
    const { x0, s } = boxes('A*exp(-(x - x0)^2/(2*s^2)) + c');
    expect(x0).toMatchObject({ kind: 'uniform', role: 'location' });
    expect(x0.kind === 'uniform' && x0.lo).toBeCloseTo(99, 6);
    expect(x0.kind === 'uniform' && x0.hi).toBeCloseTo(111, 6);
    expect(s.role).toBe('scale');
    expect(s.kind === 'log' && s.sign).toBe(1);
    for (const w of [0.3, 1, 5]) expect(contains(s, w)).toBe(true);
    expect(contains(s, 0.001)).toBe(false);
  });

  it('a time constant in exp(−x/τ), an exponent in x^b, a phase and a frequency in sin', () => {
    expect(boxes('A*exp(-x/tau)').tau.role).toBe('scale');
    const { b } = boxes('a*x^b');
    expect(b).toMatchObject({ role: 'exponent', lo: 0.05, hi: 10 });
    const { w, phi } = boxes('A*sin(w*x + phi)');
    expect(phi).toMatchObject({ kind: 'uniform', lo: -Math.PI, hi: Math.PI, role: 'phase' });
    expect(w.kind === 'log' && w.sign).toBe(1);
    expect(contains(w, (2 * Math.PI) / 5)).toBe(true); // two cycles over the range
    expect(contains(w, Math.PI / 0.1 / 2)).toBe(true); // half the Nyquist rate
  });

  it('the user’s bounds win', () => {
    expect(boxes('A*exp(-k*x)', { k: [0.5, 2] }).k).toMatchObject({ kind: 'uniform', lo: 0.5, hi: 2 });
    expect(boxes('A*exp(-k*x)', { k: [1e-3, 10] }).k).toMatchObject({ kind: 'log', lo: 1e-3, hi: 10, sign: 1 });
    const positive = boxes('A*exp(-k*x)', { k: [0, Infinity] }).k;
    expect(positive.kind === 'log' && positive.sign).toBe(1);
    expect(clipToBounds({ kind: 'uniform', lo: 0, hi: 10, role: 'location' }, 20, Infinity)).toMatchObject({ lo: 20, hi: 30 });
  });

  it('sampleBox covers the box: uniform ends, log magnitudes with each sign', () => {
    const u: SearchBox = { kind: 'uniform', lo: -1, hi: 3, role: 't' };
    expect(sampleBox(u, 0)).toBe(-1);
    expect(sampleBox(u, 0.5)).toBe(1);
    const l: SearchBox = { kind: 'log', lo: 0.01, hi: 100, sign: 0, role: 't' };
    expect(sampleBox(l, 0)).toBeCloseTo(0.01, 12);
    expect(sampleBox(l, 0.25)).toBeCloseTo(1, 12);
    expect(sampleBox(l, 0.75)).toBeCloseTo(-1, 12);
  });
});
