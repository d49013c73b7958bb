/**
 * The prelude's functions (erf, erfc, sinh, tanh) and the mapped ones (log10, atan2, cosh, pow,
 * powi) on the GPU against float64, through the grid kernel; and f32 literals (huge, tiny,
 * subnormal, inexact) compiled and read back.
 */
import { gridEvaluator } from '../../src/gpu/index';
import { erf, erfc } from '../../src/model/index';
import type { FunctionAccuracy } from './api';
import { compile, context } from './context';

interface Probe {
  readonly name: string;
  readonly text: string;
  readonly reference: (x: number) => number;
  readonly xs: number[];
}

const span = (lo: number, hi: number, n: number): number[] => Array.from({ length: n }, (_, i) => lo + ((hi - lo) * i) / (n - 1));
const tiny = [1e-30, 1e-12, 1e-7, 1e-4, 1e-2, 0.3];
const symmetric = (xs: number[]): number[] => [...xs, ...xs.map((v) => -v)];

const PROBES: Probe[] = [
  { name: 'erf', text: 'a*erf(x)', reference: erf, xs: [...symmetric(tiny), ...span(-6, 6, 2001)] },
  { name: 'erfc', text: 'a*erfc(x)', reference: erfc, xs: [...symmetric(tiny), ...span(-6, 9.1, 3001)] },
  { name: 'sinh', text: 'a*sinh(x)', reference: Math.sinh, xs: [...symmetric(tiny), ...span(-20, 20, 2001)] },
  { name: 'tanh', text: 'a*tanh(x)', reference: Math.tanh, xs: [...symmetric(tiny), ...span(-30, 30, 2001)] },
  { name: 'cosh', text: 'a*cosh(x)', reference: Math.cosh, xs: span(-20, 20, 2001) },
  { name: 'log10', text: 'a*log10(x)', reference: Math.log10, xs: span(0.001, 5000, 2001).filter((v) => Math.abs(v - 1) > 0.01) },
  { name: 'atan2', text: 'a*atan2(x, 0.7)', reference: (v) => Math.atan2(v, 0.7), xs: span(-50, 50, 2001).filter((v) => Math.abs(v) > 1e-3) },
  { name: 'powi', text: 'a*x^5 + a*x^(-3)', reference: (v) => v ** 5 + v ** -3, xs: span(0.2, 3, 1001) },
  { name: 'pow', text: 'a*pow(x, 2.5)', reference: (v) => v ** 2.5, xs: span(0.01, 30, 1001) },
  { name: 'sin', text: 'a*sin(x)', reference: Math.sin, xs: span(-3, 3, 2001) },
  { name: 'cos', text: 'a*cos(x)', reference: Math.cos, xs: span(-3, 3, 2001) },
  { name: 'tan', text: 'a*tan(x)', reference: Math.tan, xs: span(-1.2, 1.2, 2001) },
  { name: 'exp', text: 'a*exp(x)', reference: Math.exp, xs: span(-20, 20, 2001) },
  { name: 'log', text: 'a*log(x)', reference: Math.log, xs: span(0.001, 5000, 2001).filter((v) => Math.abs(v - 1) > 0.01) },
  { name: 'atan', text: 'a*atan(x)', reference: Math.atan, xs: span(-10, 10, 2001) },
  { name: 'asin', text: 'a*asin(x)', reference: Math.asin, xs: span(-0.95, 0.95, 2001) },
  { name: 'acos', text: 'a*acos(x)', reference: Math.acos, xs: span(-0.95, 0.95, 2001) },
  { name: 'sqrt', text: 'a*sqrt(x)', reference: Math.sqrt, xs: span(0.001, 100, 2001) },
];

export async function functions(): Promise<FunctionAccuracy[]> {
  const ctx = await context();
  const out: FunctionAccuracy[] = [];
  for (const probe of PROBES) {
    const model = compile(probe.text);
    const grid = gridEvaluator(ctx, { tape: model.tape() });
    const xs = Float64Array.from(probe.xs, (v) => Math.fround(v));
    const { values } = await grid.evaluate(Float64Array.of(1), [xs]);
    grid.release();
    let maxRel = 0;
    let maxAbs = 0;
    let worstX = NaN;
    xs.forEach((x, i) => {
      const ref = probe.reference(x);
      if (Math.abs(ref) < 1e-37 || Math.abs(ref) > 1e38) return; // outside f32's normal range
      const abs = Math.abs(values[i] - ref);
      const rel = abs / Math.abs(ref);
      maxAbs = Math.max(maxAbs, abs);
      if (rel > maxRel) {
        maxRel = rel;
        worstX = x;
      }
    });
    out.push({ name: probe.name, maxRel, maxAbs, worstX });
  }
  return out;
}

/** Each value as a model constant (`a*x + C` at x = 0, a = 1), evaluated on the GPU. */
export async function literals(values: number[]): Promise<number[]> {
  const ctx = await context();
  const out: number[] = [];
  for (const v of values) {
    const model = compile(`a*x + (${v.toExponential(17)})`);
    const grid = gridEvaluator(ctx, { tape: model.tape() });
    const { values: got } = await grid.evaluate(Float64Array.of(1), [Float64Array.of(0)]);
    grid.release();
    out.push(got[0]);
  }
  return out;
}
