/**
 * Random valid models over the model language for the GPU-vs-CPU comparison: every function and
 * operator of the language (+ − * / ^ exp log log10 sqrt sin cos tan atan asin acos atan2 sinh cosh
 * tanh erf erfc pow abs), composed so that values stay in safe domains for x ∈ [−1, 1] and
 * parameters in [0.5, 1.5]: exp of a bounded argument, log and sqrt of 1 + E², asin/acos of
 * 0.9·tanh(E), division by 1 + E², pow of a positive base, tan of a bounded argument.
 *
 * A model with p parameters is a sum of p terms; term j is a random expression in which p_j is
 * a forced leaf, so each parameter appears (the compiler only knows parameters that appear).
 */
import { pick, uniform, type Rng } from './random';

const constant = (r: Rng): string => uniform(r, 0.5, 2).toFixed(2);

function leaf(r: Rng, params: readonly string[], required: string | null): string {
  if (required !== null) return pick(r, [required, `${required}*x`, `(x - ${required})`, `${required}/(1 + x^2)`]);
  return pick(r, ['x', 'x', pick(r, params), `${pick(r, params)}*x`, constant(r)]);
}

/** A random expression of depth ≤ depth; `required` must appear as a leaf. */
function expr(r: Rng, depth: number, params: readonly string[], required: string | null): string {
  if (depth === 0 || r() < 0.15) return leaf(r, params, required);
  const d = depth - 1;
  // the required leaf goes to the first child; a second child gets none
  const a = (): string => expr(r, d, params, required);
  const b = (): string => expr(r, d, params, null);
  const c = constant(r);
  const shapes: (() => string)[] = [
    () => `sin(${a()})`,
    () => `cos(${a()})`,
    () => `tanh(${a()})`,
    () => `atan(${a()})`,
    () => `erf(${a()})`,
    () => `erfc(${a()})`,
    () => `exp(-(${a()})^2)`,
    () => `exp(0.5*sin(${a()}))`,
    () => `log(1 + (${a()})^2)`,
    () => `log10(2 + sin(${a()}))`,
    () => `sqrt(${c} + (${a()})^2)`,
    () => `(${a()}) + (${b()})`,
    () => `(${a()}) - ${c}*(${b()})`,
    () => `(${a()})*(${b()})`,
    () => `(${a()})/(1 + (${b()})^2)`,
    () => `(${a()})^2`,
    () => `(${a()})^3`,
    () => `(1.5 + sin(${a()}))^${pick(r, params)}`,
    () => `pow(2 + cos(${a()}), 0.5)`,
    () => `sinh(tanh(${a()}))`,
    () => `cosh(0.5*atan(${a()}))`,
    () => `asin(0.9*tanh(${a()}))`,
    () => `acos(0.5*sin(${a()}))`,
    () => `atan2(${a()}, 1.5 + cos(${b()}))`,
    () => `tan(0.5*tanh(${a()}))`,
    () => `(2 + (${a()})^2)^(-2)`,
    () => `abs(${a()}) + 0.5`,
  ];
  return pick(r, shapes)();
}

/** A random model text in x with parameters p0 … p{p−1}. */
export function randomModel(r: Rng, p: number, depth = 3): { text: string; params: string[] } {
  const params = Array.from({ length: p }, (_, j) => `p${j}`);
  const terms = params.map((name) => `${constant(r)}*(${expr(r, depth, params, name)})`);
  return { text: terms.join(' + '), params };
}
