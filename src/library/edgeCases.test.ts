/**
 * Guessers never throw and always give one finite, in-bounds value per parameter, whatever the
 * data: empty, one to three points, constant, degenerate x, unsorted with duplicates, negative,
 * extreme magnitudes, non-finite entries, a million points. The estimators themselves must not
 * fail either (the fallbacks would hide it), so every estimator error is recorded and asserted away.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onEstimatorError } from './define';
import { MODEL_LIBRARY } from './index';
import { expectValidGuess, gaussianNoise, linspace, shuffle } from './testUtil.test';

const noise = gaussianNoise(99);
const wave = (x: Float64Array): Float64Array => x.map((v) => Math.sin(v) + 0.1 * noise());

const DATA: readonly (readonly [string, Float64Array, Float64Array])[] = [
  ['no points', new Float64Array(0), new Float64Array(0)],
  ['one point', Float64Array.of(2), Float64Array.of(3)],
  ['two points', Float64Array.of(1, 2), Float64Array.of(3, 1)],
  ['three points', Float64Array.of(1, 2, 3), Float64Array.of(1, 4, 2)],
  ['three points, unsorted', Float64Array.of(3, 1, 2), Float64Array.of(2, 1, 4)],
  ['constant y', linspace(0, 10, 50), new Float64Array(50).fill(2.5)],
  ['all zeros', new Float64Array(20), new Float64Array(20)],
  ['constant x', new Float64Array(30).fill(4), linspace(-1, 1, 30)],
  ['two distinct x, many duplicates', Float64Array.from({ length: 40 }, (_, i) => i % 2), Float64Array.from({ length: 40 }, (_, i) => (i % 2) + 0.01 * i)],
  ['unsorted, duplicates, noise', ...shuffle(Float64Array.from({ length: 90 }, (_, i) => Math.floor(i / 3)), wave(Float64Array.from({ length: 90 }, (_, i) => Math.floor(i / 3))), 4)],
  ['negative x and y', linspace(-10, -1, 40), linspace(-10, -1, 40).map((v) => -v * v)],
  ['huge x, tiny y', linspace(1e12, 2e12, 40), linspace(1, 2, 40).map((v) => 1e-12 * Math.exp(-v))],
  ['huge y', linspace(0, 1, 40), linspace(0, 1, 40).map((v) => 1e300 * (1 + v))],
  ['non-finite entries', Float64Array.of(0, 1, Number.NaN, 3, 4, Infinity, 6), Float64Array.of(1, Number.NaN, 3, 2, -Infinity, 0, 1)],
  ['only non-finite', Float64Array.of(Number.NaN, 1), Float64Array.of(1, Number.NaN)],
  ['lengths differ', linspace(0, 5, 12), linspace(0, 1, 7)],
  ['a step', linspace(0, 10, 41), linspace(0, 10, 41).map((v) => (v < 5 ? 0 : 1))],
  ['a spike', linspace(0, 10, 41), linspace(0, 10, 41).map((_, i) => (i === 20 ? 10 : 0))],
];

let errors: string[] = [];
beforeEach(() => {
  errors = [];
  onEstimatorError((id, e) => errors.push(`${id}: ${e instanceof Error ? e.stack : String(e)}`));
});
afterEach(() => onEstimatorError(null));

describe.each(DATA)('%s', (_, x, y) => {
  it.each(MODEL_LIBRARY.map((m) => [m.id, m] as const))('%s', (_, m) => {
    const guess = m.guess(x, y);
    expectValidGuess(m, guess);
    expect(errors).toEqual([]);
  });
});

describe('large data', () => {
  const n = 1_000_000;
  const x = linspace(0, 100, n);
  const y = x.map((v) => 3 * Math.exp(-((v - 40) ** 2) / 50) + 0.5 + 0.05 * noise());

  it.each(MODEL_LIBRARY.map((m) => [m.id, m] as const))('%s: a million sorted points, cheaply (about 0.2 s here; 2 s allowed for loaded CI)', (_, m) => {
    const t0 = performance.now();
    const guess = m.guess(x, y);
    const ms = performance.now() - t0;
    expectValidGuess(m, guess);
    expect(errors).toEqual([]);
    expect(ms).toBeLessThan(2000);
  });

  it('unsorted large data are thinned before sorting', () => {
    const [ux, uy] = shuffle(x.filter((_, i) => i % 5 === 0), y.filter((_, i) => i % 5 === 0), 3);
    const m = MODEL_LIBRARY.find((d) => d.id === 'gaussian')!;
    const t0 = performance.now();
    const g = Object.fromEntries(m.guess(ux, uy).map((p) => [p.name, p.value]));
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(g.mu).toBeCloseTo(40, 0);
    expect(g.sigma).toBeCloseTo(5, 0);
  });
});
