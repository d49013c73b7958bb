/**
 * exchangeablePairs' probe (every 16th sampled row first) gives the full test's answer: the
 * definition — every sampled row of the swapped model within EQUAL_REL (1e-9) of the largest
 * |value| at the fit, every value finite — written out here row by row, on models built so that
 * the probe alone would decide wrongly if its tolerance or its rows were not the full sample's.
 */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model/index';
import { exchangeablePairs } from './exchangeable';

const rows = 512; // one sampled row per row: row i is x = i
const x = Float64Array.from({ length: rows }, (_, i) => i);

function setup(expr: string, values: Record<string, number>) {
  const compiled = compileModel(expr, { columns: ['x'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  const full = Float64Array.from(model.params, (p) => values[p]);
  const free = ['a', 'b'].map((p) => model.params.indexOf(p));
  const kernels = model.kernels(free);
  return { model, full, free, kernels };
}

/** The definition, with no probe: the model at every row, swapped and not. */
function exchangeableByDefinition(expr: string, values: Record<string, number>): boolean {
  const { full, free, kernels } = setup(expr, values);
  const at = new Float64Array(rows);
  const swapped = new Float64Array(rows);
  kernels.evaluate(full, [x], at, 0, rows);
  const trial = Float64Array.from(full);
  [trial[free[0]], trial[free[1]]] = [full[free[1]], full[free[0]]];
  kernels.evaluate(trial, [x], swapped, 0, rows);
  const scale = Math.max(...at.map(Math.abs));
  return at.every((v, i) => Number.isFinite(v) && Number.isFinite(swapped[i]) && Math.abs(v - swapped[i]) <= 1e-9 * scale);
}

function found(expr: string, values: Record<string, number>): boolean {
  const { model, full, free, kernels } = setup(expr, values);
  const pairs = exchangeablePairs({ kernels, vars: [x], rows, full, names: model.params, free, bounds: () => ({ min: -Infinity, max: Infinity }) });
  return pairs.length === 1;
}

const cases: { why: string; expr: string; values: Record<string, number>; exchangeable: boolean }[] = [
  // The flip-flop form: symmetric in a and b up to rounding.
  { why: 'a symmetric model', expr: 'a*b/(a - b)*(exp(-b*x/100) - exp(-a*x/100))', values: { a: 1.3, b: 0.2 }, exchangeable: true },
  // The swap moves every row by 2·|a−b|·d = 1e-4, within 1e-9 of the peak h = 1e6 at row 5 (no
  // probe row): a probe with its own scale (≈ 2) would reject it.
  { why: 'a difference below the tolerance set by a row off the probe', expr: 'a*b + h*exp(-(x - 5)^2) + (a - b)*d', values: { a: 1, b: 2, h: 1e6, d: 5e-5 }, exchangeable: true },
  // The swap changes the curve at row 37 only (no probe row): the probe passes, the full test not.
  { why: 'a difference at one row off the probe', expr: 'a*b + (a - b)*exp(-(x - 37)^2)', values: { a: 1, b: 2 }, exchangeable: false },
  { why: 'a difference at a probe row', expr: 'a*b + (a - b)*exp(-(x - 48)^2)', values: { a: 1, b: 2 }, exchangeable: false },
  // Not finite at the fit at one row off the probe (log of 0 at x = 37): no pair.
  { why: 'a value that is not finite at the fit', expr: 'a*b + log(abs(x - 37))', values: { a: 1, b: 2 }, exchangeable: false },
  // Finite at the fit, not finite swapped at row 37 only: sqrt of (b − a)·(x − 37)² … ≥ 0 swapped only at x = 37.
  { why: 'a swapped value that is not finite off the probe', expr: 'a*b + 1e-12*sqrt((b - a)*(1 - 2*exp(-(x - 37)^2)))', values: { a: 1, b: 2 }, exchangeable: false },
];

describe('exchangeablePairs: the probe gives the full test\'s answer', () => {
  for (const c of cases) {
    it(c.why, () => {
      expect(exchangeableByDefinition(c.expr, c.values)).toBe(c.exchangeable);
      expect(found(c.expr, c.values)).toBe(c.exchangeable);
    });
  }
});
