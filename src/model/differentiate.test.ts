/**
 * Symbolic derivatives against central differences (the five-point stencil, error O(h⁴)), for every
 * function and operator inside its domain and for the NIST StRD models, through both the tape
 * interpreter and the emitted Jacobian kernel.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CompiledModel } from './compile';
import { interpretPoint } from './interpret';
import { compiled, rng } from './testUtil.test';

/** The stencil step: relative to the parameter, which may be tiny (NIST Misra1a b2 ≈ 5e-4). */
const step = (p: number): number => (p === 0 ? 1e-6 : 1e-4 * Math.abs(p));

/** ∂model/∂p_j by the five-point stencil at one data row. */
function numericGrad(m: CompiledModel, params: Float64Array, vars: Float64Array[], row: number, j: number): number {
  const t = m.tape([]);
  const at = (delta: number): number => {
    const p = params.slice();
    p[j] += delta;
    return interpretPoint(t, p, vars, row).value;
  };
  const h = step(params[j]);
  return (-at(2 * h) + 8 * at(h) - 8 * at(-h) + at(-2 * h)) / (12 * h);
}

/** Checks every gradient at one point, through the interpreter and the Jacobian kernel. */
function checkPoint(m: CompiledModel, params: Float64Array, vars: Float64Array[], row: number, label: string): void {
  const tape = m.tape();
  const { value, grads } = interpretPoint(tape, params, vars, row);
  expect(Number.isFinite(value), `${label}: value ${value}`).toBe(true);
  const n = vars[0]?.length ?? 1;
  const k = m.kernels();
  const f = new Float64Array(n);
  const J = new Float64Array(n * k.k);
  k.residualsJacobian(params, { vars, y: new Float64Array(n), w: null }, f, J, row, row + 1);
  grads.forEach((g, j) => {
    const fd = numericGrad(m, params, vars, row, j);
    // relative agreement 1e-6, plus the stencil's rounding error ~ε|f|/h
    const tol = 1e-6 * Math.max(Math.abs(g), Math.abs(fd)) + (1e-13 * (1 + Math.abs(value))) / step(params[j]);
    expect(Math.abs(g - fd), `${label}: ∂/∂${m.params[j]} = ${g}, central difference ${fd}`).toBeLessThanOrEqual(tol);
    expect(J[row * k.k + j], `${label}: kernel ∂/∂${m.params[j]}`).toBe(g); // same operations, same bits
  });
}

type Interval = [number, number];
const UNARY: [string, Interval][] = [
  ['exp', [-5, 5]], ['log', [0.1, 10]], ['ln', [0.1, 10]], ['log10', [0.1, 10]], ['sqrt', [0.1, 10]],
  ['abs', [0.1, 5]], ['sin', [-5, 5]], ['cos', [-5, 5]], ['tan', [-1.3, 1.3]], ['asin', [-0.9, 0.9]],
  ['acos', [-0.9, 0.9]], ['atan', [-5, 5]], ['sinh', [-3, 3]], ['cosh', [-3, 3]], ['tanh', [-3, 3]],
  ['erf', [-3, 3]], ['erfc', [-3, 3]],
];

/** Models of u = a·x + b (and v = c·x + d) and how to draw u (and v) inside the domain. */
const BINARY: [string, (r: () => number) => [number, number]][] = [
  ['atan2(U, V)', (r) => [(r() < 0.5 ? -1 : 1) * (0.2 + 2.8 * r()), -3 + 6 * r()]],
  ['pow(U, V)', (r) => [0.2 + 2.8 * r(), -2 + 4 * r()]],
  ['U^V', (r) => [0.2 + 2.8 * r(), -2 + 4 * r()]],
  ['min(U, V)', (r) => { const u = -3 + 6 * r(); return [u, u + (r() < 0.5 ? -1 : 1) * (0.1 + r())]; }],
  ['max(U, V)', (r) => { const u = -3 + 6 * r(); return [u, u + (r() < 0.5 ? -1 : 1) * (0.1 + r())]; }],
  ['U + V', (r) => [-3 + 6 * r(), -3 + 6 * r()]],
  ['U - V', (r) => [-3 + 6 * r(), -3 + 6 * r()]],
  ['U*V', (r) => [-3 + 6 * r(), -3 + 6 * r()]],
  ['U/V', (r) => [-3 + 6 * r(), (r() < 0.5 ? -1 : 1) * (0.2 + 2.8 * r())]],
  ['-U*V', (r) => [-3 + 6 * r(), -3 + 6 * r()]],
  ['U^3*V', (r) => [-3 + 6 * r(), -3 + 6 * r()]],
  ['U^-2 + V', (r) => [(r() < 0.5 ? -1 : 1) * (0.3 + 2.7 * r()), -3 + 6 * r()]],
  ['U^2.5 + V^0.5', (r) => [0.2 + 2.8 * r(), 0.2 + 2.8 * r()]],
  ['U^(-1/3) - 2^V', (r) => [0.2 + 2.8 * r(), -3 + 6 * r()]],
  ['exp(U)^V', (r) => [-1 + 2 * r(), -2 + 4 * r()]],
];

const rows = 1;
const next = rng(7);
const drawX = (): Float64Array => new Float64Array([-2 + 4 * next()]);
const drawA = (): number => (next() < 0.5 ? -1 : 1) * (0.5 + next());

describe('derivatives of every function, at random points inside its domain', () => {
  for (const [fn, [lo, hi]] of UNARY) {
    it(`${fn}(a*x + b)`, () => {
      const m = compiled(`${fn}(a*x + b)`);
      for (let n = 0; n < 25; n++) {
        const x = drawX();
        const a = drawA();
        const u = lo + (hi - lo) * next() * (fn === 'abs' && next() < 0.5 ? -1 : 1);
        checkPoint(m, new Float64Array([a, u - a * x[0]]), [x], 0, `${fn} at u = ${u}`);
      }
      expect(rows).toBe(1);
    });
  }
  for (const [shape, draw] of BINARY) {
    const text = shape.replaceAll('U', '(a*x + b)').replaceAll('V', '(c*x + d)');
    it(shape, () => {
      const m = compiled(text);
      for (let n = 0; n < 25; n++) {
        const x = drawX();
        const [a, c] = [drawA(), drawA()];
        const [u, v] = draw(next);
        checkPoint(m, new Float64Array([a, u - a * x[0], c, v - c * x[0]]), [x], 0, `${text} at u = ${u}, v = ${v}`);
      }
    });
  }
});

interface NistProblem {
  name: string;
  model: string;
  params: string[];
  start1: number[];
  certified: { values: number[] };
  x?: number[];
  x1?: number[];
  x2?: number[];
}

const NIST: NistProblem[] = JSON.parse(readFileSync(new URL('../../fixtures/nist/nist_strd.json', import.meta.url), 'utf8'));

describe('derivatives of composite models', () => {
  const named = [
    'b1*(x^2 + x*b2)/(x^2 + x*b3 + b4)',
    'b1/((1 + exp(b2 - b3*x))^(1/b4))',
    'b1 - b2*x - atan(b3/(x - b4))/pi',
    'b1*exp(-b2*x) + b3*exp(-(x-b4)^2/b5^2) + b6*exp(-(x-b7)^2/b8^2)',
    '(b1/b2)*exp(-0.5*((x - b3)/b2)^2)',
  ];
  it('the brief\'s five NIST models are in the fixture', () => {
    for (const text of named) expect(NIST.some((p) => p.model === text)).toBe(true);
  });

  for (const p of NIST) {
    it(`${p.name}: ${p.model}`, () => {
      const columns = p.x1 ? ['x1', 'x2'] : ['x'];
      const m = compiled(p.model, columns);
      const vars = (p.x1 ? [p.x1, p.x2 ?? []] : [p.x ?? []]).map((c) => Float64Array.from(c));
      const byName = (vals: number[]): Float64Array => Float64Array.from(m.params, (name) => vals[p.params.indexOf(name)]);
      const n = vars[0].length;
      for (const vals of [p.certified.values, p.start1]) {
        for (const row of [0, Math.floor(n / 3), Math.floor((2 * n) / 3), n - 1]) {
          checkPoint(m, byName(vals), vars, row, `${p.name} row ${row}`);
        }
      }
    });
  }

  it('a model with every function at once', () => {
    const text = 'a*sin(w*x + phi)*exp(-x/tau) + log(1 + b*x^2) + sqrt(c + x^2)*atan2(x, d) + erf(x/s) - erfc(x*s) + tanh(b*x)/cosh(x*w) + sinh(x/tau) + min(a*x, b) + max(c, x*w) + abs(x - phi) + asin(x/(abs(x) + tau)) + acos(tanh(x*b)) + tan(x/(tau + 3)) + log10(tau) + pow(c, x) + ln(a) + cos(d*x)';
    const m = compiled(text);
    const draw = (): number => 0.6 + next();
    for (let n = 0; n < 40; n++) {
      checkPoint(m, Float64Array.from(m.params, draw), [drawX()], 0, text);
    }
  });
});
