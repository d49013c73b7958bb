/**
 * Scoring a fit against certified values when the model is symmetric under a relabelling of its
 * parameters (b1·exp(−b2·x) + b3·exp(−b4·x) is the same curve with (b1, b2) and (b3, b4) swapped,
 * b1/b2·exp(−((x − b3)/b2)²/2) the same with both signs flipped). The fitted values are matched to
 * the certified ones (each certified value takes the closest unused fitted value, up to sign),
 * and the match counts only if the model gives the same values on the data at the matched vector
 * as at the fitted one (max relative difference ≤ 1e-10): then it is the same fitted curve.
 */
import type { CompiledModel } from '../src/model';
import { lre, type NistProblem } from './nist';

export function relabelledLre(model: CompiledModel, p: NistProblem, fitted: readonly number[]): number {
  const used = new Set<number>();
  const matched = p.certified.values.map((c) => {
    let best = -1;
    let bestValue = NaN;
    let bestLre = -Infinity;
    fitted.forEach((v, j) => {
      if (used.has(j)) return;
      for (const s of [1, -1]) {
        const l = lre(s * v, c);
        if (l > bestLre) [best, bestLre, bestValue] = [j, l, s * v];
      }
    });
    used.add(best);
    return bestValue;
  });
  const vars = model.variables.map((v) => p.columns[v].hi);
  const order = (values: readonly number[]) => Float64Array.from(model.params, (name) => values[p.params.indexOf(name)]);
  const rows = p.y.hi.length;
  const a = new Float64Array(rows);
  const b = new Float64Array(rows);
  const k = model.kernels([]);
  k.evaluate(order(fitted), vars, a, 0, rows);
  k.evaluate(order(matched), vars, b, 0, rows);
  for (let i = 0; i < rows; i++) if (!(Math.abs(a[i] - b[i]) <= 1e-10 * Math.max(Math.abs(a[i]), 1e-300))) return Math.min(...fitted.map((v, i) => lre(v, p.certified.values[i])));
  return Math.min(...matched.map((v, i) => lre(v, p.certified.values[i])));
}
