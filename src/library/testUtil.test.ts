/** Helpers shared by the library tests (a .test.ts file so that no build ever sees it). */
import { rng } from '../../test/random';
import { expect, it } from 'vitest';
import { curveFit, type FitResult } from '../fit';
import { compileModel, type CompiledModel } from '../model';
import type { GuessedParameter, ModelDefinition } from './types';

export { rng } from '../../test/random';

/** Standard normal deviates (Box–Muller) from a seeded uniform stream. */
export function gaussianNoise(seed: number): () => number {
  const u = rng(seed);
  return () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
}

export function compiled(expression: string): CompiledModel {
  const r = compileModel(expression, { columns: ['x'] });
  if (!r.ok) throw new Error(`expected ${JSON.stringify(expression)} to compile: ${r.error.message}`);
  return r.value;
}

export function linspace(a: number, b: number, n: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => (n === 1 ? a : a + ((b - a) * i) / (n - 1)));
}

export function logspace(a: number, b: number, n: number): Float64Array {
  return linspace(Math.log10(a), Math.log10(b), n).map((v) => 10 ** v);
}

/** The model's value at each x for the named parameter values, through the compiled kernels. */
export function evaluateModel(model: ModelDefinition, truth: Readonly<Record<string, number>>, x: Float64Array): Float64Array {
  const c = compiled(model.expression);
  const params = Float64Array.from(c.params, (name) => {
    const v = truth[name];
    if (v === undefined) throw new Error(`no true value for ${name} of ${model.id}`);
    return v;
  });
  const out = new Float64Array(x.length);
  c.kernels().evaluate(params, [x], out, 0, x.length);
  return out;
}

/** The same rows in a seeded random order. */
export function shuffle(x: Float64Array, y: Float64Array, seed: number): [Float64Array, Float64Array] {
  const u = rng(seed);
  const order = Array.from(x.keys());
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(u() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return [Float64Array.from(order, (i) => x[i]), Float64Array.from(order, (i) => y[i])];
}

/** Runs curveFit from the guess, with the guess's bounds. */
export async function fitFromGuess(
  model: ModelDefinition,
  x: Float64Array,
  y: Float64Array,
  sigma: Float64Array | null = null,
): Promise<{ guess: GuessedParameter[]; result: FitResult }> {
  const guess = model.guess(x, y);
  const result = await curveFit({
    model: compiled(model.expression),
    data: { vars: [x], y, sigma },
    parameters: guess.map((g) => ({ name: g.name, value: g.value, min: g.min, max: g.max })),
  });
  return { guess, result };
}

/** Checks the guess's contract: the compiled parameter names, finite values inside the bounds. */
export function expectValidGuess(model: ModelDefinition, guess: readonly GuessedParameter[]): void {
  const names = compiled(model.expression).params;
  expect(guess.map((g) => g.name).sort()).toEqual([...names].sort());
  for (const g of guess) {
    expect(Number.isFinite(g.value), `${model.id}.${g.name} = ${g.value}`).toBe(true);
    if (g.min !== undefined) expect(g.value, `${model.id}.${g.name} ≥ min`).toBeGreaterThan(g.min);
    if (g.max !== undefined) expect(g.value, `${model.id}.${g.name} ≤ max`).toBeLessThan(g.max);
    if (g.positive) expect(g.value, `${model.id}.${g.name} > 0`).toBeGreaterThan(0);
  }
}

it('test helpers: seeded noise is reproducible and roughly standard normal', () => {
  const a = gaussianNoise(7);
  const b = gaussianNoise(7);
  const v = Array.from({ length: 20000 }, () => a());
  expect(b()).toBe(v[0]);
  const m = v.reduce((s, t) => s + t, 0) / v.length;
  const sd = Math.sqrt(v.reduce((s, t) => s + (t - m) ** 2, 0) / v.length);
  expect(Math.abs(m)).toBeLessThan(0.03);
  expect(Math.abs(sd - 1)).toBeLessThan(0.03);
});
