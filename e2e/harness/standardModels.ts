/**
 * Five standard models with synthetic data (seeded): truth, start values, x range and noise.
 * Used by the whole-fit comparison and the benchmark.
 */
import type { FitData } from '../../src/fit/types';
import type { CompiledModel } from '../../src/model/index';
import type { StandardModel } from './api';
import { compile } from './context';
import { normal, rng, uniform } from './random';

interface Spec {
  readonly text: string;
  readonly truth: Record<string, number>;
  readonly start: Record<string, number>;
  readonly x: readonly [number, number];
  readonly noise: number;
}

export const STANDARD: Readonly<Record<StandardModel, Spec>> = {
  gaussian: {
    text: 'a*exp(-(x - mu)^2/(2*s^2)) + c',
    truth: { a: 5, mu: 0.3, s: 0.8, c: 1.5 },
    start: { a: 4, mu: 0.1, s: 1, c: 1 },
    x: [-4, 4],
    noise: 0.1,
  },
  decay: {
    text: 'a*exp(-x/tau) + c',
    truth: { a: 10, tau: 2.5, c: 1 },
    start: { a: 8, tau: 2, c: 0.5 },
    x: [0, 10],
    noise: 0.1,
  },
  logistic4: {
    text: 'd + (a - d)/(1 + (x/c)^b)',
    truth: { a: 0.5, b: 1.8, c: 3, d: 10 },
    start: { a: 1, b: 1.2, c: 2, d: 8 },
    x: [0.05, 20],
    noise: 0.1,
  },
  dampedSine: {
    text: 'a*exp(-x/tau)*sin(w*x + phi) + c',
    truth: { a: 3, tau: 4, w: 2.2, phi: 0.7, c: 0.5 },
    start: { a: 2.5, tau: 3, w: 2.15, phi: 0.6, c: 0.3 },
    x: [0, 10],
    noise: 0.1,
  },
  lorentzian: {
    text: 'A*g^2/((x - x0)^2 + g^2) + b0 + b1*x',
    truth: { A: 4, g: 0.5, x0: 1.2, b0: 2, b1: 0.3 },
    start: { A: 3, g: 0.7, x0: 1, b0: 1.5, b1: 0.2 },
    x: [-5, 5],
    noise: 0.1,
  },
};

export interface StandardProblem {
  readonly model: CompiledModel;
  readonly data: FitData;
  readonly parameters: { name: string; value: number }[];
}

export function standardProblem(name: StandardModel, rows: number, seed: number): StandardProblem {
  const spec = STANDARD[name];
  const model = compile(spec.text);
  const r = rng(seed);
  const x = Float64Array.from({ length: rows }, () => uniform(r, spec.x[0], spec.x[1]));
  const truth = Float64Array.from(model.params, (p) => spec.truth[p]);
  const y = new Float64Array(rows);
  model.kernels().evaluate(truth, [x], y, 0, rows);
  for (let i = 0; i < rows; i++) y[i] += spec.noise * normal(r);
  return { model, data: { vars: [x], y }, parameters: model.params.map((p) => ({ name: p, value: spec.start[p] })) };
}
