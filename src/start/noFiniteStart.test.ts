/**
 * When no automatic start gives a finite cost, the message says the real cause (issue 27, item
 * 11): a row where the model is never finite (a/x + b at x = 0: no parameter value mends
 * 1/0), data whose squares overflow float64 (|y| ≈ 1e300 > √1.8e308), and only otherwise the
 * starts. The references are the data themselves: the line of x = 0, the largest y.
 */
import { describe, expect, it } from 'vitest';
import { compileModel, type CompiledModel } from '../model';
import type { FitData } from '../fit/types';
import { autoStart } from './multistart';

function compile(text: string): CompiledModel {
  const c = compileModel(text, { columns: ['x'] });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

/** x = −9 … 10, on file lines 2 … 21 with line 5 excluded before (so the rows in use skip it). */
const xs = Array.from({ length: 20 }, (_, i) => i - 9).filter((x) => x !== -6);
const lines = Int32Array.from(xs, (x) => x + 11);

function data(y: (x: number) => number): FitData {
  return { vars: [Float64Array.from(xs)], y: Float64Array.from(xs, y), lines };
}

async function failure(model: string, d: FitData): Promise<Error & { code?: string }> {
  return autoStart(compile(model), d, []).then(
    () => new Error('no error'),
    (e: unknown) => e as Error & { code?: string },
  );
}

describe('no automatic start gave a finite cost: the cause', () => {
  it('a/x + b with x = 0 on line 11 names the line and the data, not the nonlinear parameters (there are none)', async () => {
    const e = await failure('a/x + b', data((x) => (x === 0 ? 5 : 2 / x + 1)));
    expect(e.code).toBe('model-undefined-on-data');
    expect(e.message).toMatch(/infinite .* at line 11 \(x = 0\) at every start tried/);
    expect(e.message).toMatch(/--exclude-rows 11\b/);
    expect(e.message).not.toMatch(/nonlinear parameters/);
  });

  it('b*exp(-x/t) + a/x with x = 0: every one of the Sobol starts over t fails on line 11', async () => {
    const e = await failure('b*exp(-x/t) + a/x', data((x) => (x === 0 ? 5 : Math.exp(-x / 3) + 2 / x)));
    expect(e.code).toBe('model-undefined-on-data');
    expect(e.message).toMatch(/256 starts tried over t\): the model is infinite .* at line 11 \(x = 0\)/);
  });

  it('sqrt(x - 20)*a is undefined on every line: the first ten are named', async () => {
    const e = await failure('a*sqrt(x - 20) + b', data((x) => x));
    expect(e.message).toMatch(/undefined .* at line 2, line 3, line 4, line 6, line 7, line 8, line 9, line 10, line 11, line 12 and 9 more/);
  });

  it('y near 1e300: the data overflow, and the message says how to rescale', async () => {
    const e = await failure('a*x + b', data((x) => 3e300 * (x + 10)));
    expect(e.code).toBe('nonfinite-data');
    expect(e.message).toMatch(/y reaches 6e\+301 at line 21/);
    expect(e.message).toMatch(/divide by 1e301/);
  });
});
