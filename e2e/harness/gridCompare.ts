/**
 * The grid kernel (values and derivatives, for plots and confidence bands) against the float64
 * CPU kernels: the damped sine's value and ∂/∂p on a grid.
 */
import { gridEvaluator } from '../../src/gpu/index';
import { compile, context, relNorm } from './context';

export async function gridCompare(points: number): Promise<{ values: number; gradients: number; k: number }> {
  const ctx = await context();
  const model = compile('a*exp(-x/tau)*sin(w*x + phi) + c');
  const params = Float64Array.of(3, 4, 2.2, 0.7, 0.5);
  const x = Float64Array.from({ length: points }, (_, i) => Math.fround((10 * i) / (points - 1)));
  const k = model.params.length;
  const f = new Float64Array(points);
  const J = new Float64Array(points * k);
  model.kernels().residualsJacobian(params, { vars: [x], y: new Float64Array(points), w: null }, f, J, 0, points);
  const grid = gridEvaluator(ctx, { tape: model.tape() });
  try {
    const plain = await grid.evaluate(params, [x]);
    const full = await grid.evaluate(params, [x], { gradients: true });
    if (plain.gradients !== null || !full.gradients) throw new Error('gradients where none were asked for, or none where they were');
    return { values: Math.max(relNorm(plain.values, f), relNorm(full.values, f)), gradients: relNorm(full.gradients, J), k };
  } finally {
    grid.release();
  }
}
