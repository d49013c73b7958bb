/**
 * A GPU stand-in for tests and benchmarks without a GPU: the main phase runs the float64 CPU
 * kernels with the GPU's f32 rounding where it matters for where that phase ends (the x and y
 * columns and the parameters rounded to f32, JᵀJ, Jᵀf and the cost rounded to f32), reported as
 * backend 'gpu', so that curveFit then runs its float64 finish (src/fit/gpuFinish.ts) as after a
 * real GPU. Its speed says nothing about a GPU's.
 */
import { cpuEvaluator, type BoundModel } from '../src/fit/cpuEvaluator';
import type { PrimaryPhase } from '../src/fit/curveFit';
import type { Evaluator } from '../src/solver/evaluator';
import { NormalLinearModel } from '../src/solver/linearModel';

export function f32Primary(bound: BoundModel): PrimaryPhase {
  // The f32 columns are made at the first pass (inside the main phase's time, like an upload).
  let inner: Evaluator | null = null;
  const f32 = () =>
    (inner ??= cpuEvaluator({ ...bound, data: { ...bound.data, vars: bound.data.vars.map((v) => v.map(Math.fround)), y: bound.data.y.map(Math.fround) } }, 'normal'));
  const round = (x: Float64Array) => x.map(Math.fround);
  const evaluator: Evaluator = {
    m: bound.rows,
    n: bound.free.length,
    label: 'f32-stand-in',
    cost: async (x) => Math.fround(await f32().cost(round(x))),
    linearize: async (x) => {
      const l = (await f32().linearize(round(x))) as NormalLinearModel;
      return new NormalLinearModel(l.n, l.m, l.JtJ.map(Math.fround), l.g.map(Math.fround), Math.fround(l.cost));
    },
  };
  return { backend: 'gpu', linearization: 'normal', evaluator };
}
