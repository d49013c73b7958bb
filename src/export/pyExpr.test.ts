/**
 * The numpy printer: names are made safe, literals exact, and the printed expression computes what
 * Fitbench computes — checked by evaluating random models in Python (one process for all) and
 * with Fitbench's interpreter at the same points.
 */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileModel, interpretPoint, type CompiledModel } from '../model';
import { pyExpr } from './python/pyExpr';
import { pyFloat, pyString } from './python/pyLiteral';
import { pythonNames } from './python/pyNames';

function compiled(text: string, columns: string[] = ['x']): CompiledModel {
  const c = compileModel(text, { columns });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

const print = (text: string, columns: string[] = ['x']) => {
  const m = compiled(text, columns);
  return pyExpr(m.ast, { names: pythonNames([...m.variables, ...m.params]) });
};

describe('pyExpr', () => {
  it('maps functions, constants and operators to numpy', () => {
    expect(print('a*exp(-x/tau) + c')).toBe('a*np.exp(-x/tau) + c');
    expect(print('ln(x) + log(x) + log10(x) + atan2(x, a) + asin(x) + erfc(x)')).toBe(
      'np.log(x) + np.log(x) + np.log10(x) + np.arctan2(x, a) + np.arcsin(x) + erfc(x)',
    );
    expect(print('pow(x, 2) + x^a + min(x, a) - max(a, x) + pi*e')).toBe('x**2.0 + x**a + np.minimum(x, a) - np.maximum(a, x) + np.pi*np.e');
    expect(print('-x^2 + (-x)^2 + x^-a + x^a^b + (x^a)^b')).toBe('-x**2.0 + (-x)**2.0 + x**-a + x**a**b + (x**a)**b');
    expect(print('a - (b - x) + a/(b*x) + a*(b*x) + (a + b) + x')).toBe('a - (b - x) + a/(b*x) + a*(b*x) + (a + b) + x');
  });

  it('keeps constant arithmetic off Python floats (no ZeroDivisionError, no complex numbers)', () => {
    expect(print('a*x + 1/0 + (-8)^(1/3)')).toBe('a*x + np.divide(1.0, 0.0) + np.power(-8.0, np.divide(1.0, 3.0))');
  });

  it('renames keywords, builtins and script names, and nothing else', () => {
    const names = pythonNames(['lambda', 'in', 'in_', 'np', 'x', 'sum', 'X', 'value']);
    expect([...names.values()]).toEqual(['lambda_', 'in__', 'in_', 'np_', 'x', 'sum_', 'X_', 'value']);
    expect(pythonNames(['not an identifier']).get('not an identifier')).toBe('p0');
  });

  it('writes string literals that no text can escape, and exact floats', () => {
    expect(pyString('a"b\\c\n\u00e9\u2603\u{1F9EA}\ud800')).toBe('"a\\"b\\\\c\\x0a\\xe9\\u2603\\U0001f9ea\\ud800"');
    expect([pyFloat(2), pyFloat(-0), pyFloat(0.1), pyFloat(1e21), pyFloat(5e-324), pyFloat(-Infinity)]).toEqual(['2.0', '-0.0', '0.1', '1e+21', '5e-324', '-np.inf']);
  });

  it('computes what Fitbench computes (random models, evaluated in numpy)', (ctx) => {
    try {
      execFileSync('python3', ['-c', 'import numpy, scipy.special'], { stdio: 'ignore' });
    } catch {
      return ctx.skip('python3 with numpy and scipy is not available');
    }
    const leaf = fc.oneof(fc.constantFrom('x', 'a', 'b', 'pi', 'e', 'lambda'), fc.double({ min: 0, max: 5, noNaN: true }).map((v) => String(v)));
    const { expr } = fc.letrec<{ expr: string }>((tie) => ({
      expr: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.tuple(tie('expr'), fc.constantFrom('+', '-', '*', '/', '^'), tie('expr')).map(([l, op, r]) => `(${l})${op}(${r})`),
        fc.tuple(tie('expr'), fc.constantFrom('+', '-', '*', '/', '^'), tie('expr')).map(([l, op, r]) => `${l}${op}${r}`),
        tie('expr').map((e) => `-${e}`),
        fc.tuple(fc.constantFrom('exp', 'sin', 'sqrt', 'abs', 'tanh', 'erf', 'erfc', 'atan', 'log'), tie('expr')).map(([f, e]) => `${f}(${e})`),
        fc.tuple(fc.constantFrom('atan2', 'min', 'max', 'pow'), tie('expr'), tie('expr')).map(([f, l, r]) => `${f}(${l}, ${r})`),
      ),
    }));
    const models = fc
      .sample(expr, { numRuns: 400, seed: 11 })
      .map((text) => compileModel(text, { columns: ['x'] }))
      .flatMap((r) => (r.ok ? [r.value] : []));
    const points = [0.3, 1.7, 2.9];
    const params: Record<string, number> = { a: 1.3, b: 0.7, lambda: 0.45 };
    const jobs = models.map((m) => {
      const names = pythonNames([...m.variables, ...m.params]);
      return {
        expr: pyExpr(m.ast, { names }),
        env: Object.fromEntries([...m.params].map((p) => [names.get(p) ?? p, params[p]])),
        x: m.variables.length > 0 ? (names.get('x') ?? 'x') : null,
      };
    });
    const script = [
      'import json, sys, warnings',
      'import numpy as np',
      'from scipy.special import erf, erfc',
      'warnings.simplefilter("ignore")',
      `points = np.array(${JSON.stringify(points)})`,
      'out = []',
      'for job in json.loads(sys.stdin.read()):',
      // curve_fit passes parameters as numpy float64 scalars (elements of its parameter array)
      '    env = dict({k: np.float64(v) for k, v in job["env"].items()}, np=np, erf=erf, erfc=erfc)',
      '    if job["x"]: env[job["x"]] = points',
      '    v = np.broadcast_to(np.asarray(eval(job["expr"], {"__builtins__": {}}, env), dtype=float), points.shape)',
      '    out.append([repr(float(t)) for t in v])',
      'print(json.dumps(out))',
    ].join('\n');
    const results = JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify(jobs), encoding: 'utf8' })) as string[][];
    expect(models.length).toBeGreaterThan(200);
    models.forEach((m, k) => {
      const tape = m.tape();
      points.forEach((x, i) => {
        const ours = interpretPoint(tape, m.params.map((p) => params[p]), [Float64Array.of(x)], 0).value;
        const text = results[k][i];
        const theirs = text === 'inf' ? Infinity : text === '-inf' ? -Infinity : Number(text);
        if (Number.isNaN(ours) || Number.isNaN(theirs)) {
          expect(Number.isNaN(theirs), `${m.source} at x=${x}: ${jobs[k].expr} gave ${theirs}, Fitbench ${ours}`).toBe(Number.isNaN(ours));
        } else if (!Number.isFinite(ours) || Math.abs(ours) > 1e300) {
          expect(theirs, `${m.source} at x=${x}`).toBe(ours);
        } else {
          expect(Math.abs(theirs - ours), `${m.source} at x=${x}: ${jobs[k].expr} gave ${theirs}, Fitbench ${ours}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(ours)));
        }
      });
    });
  });
});
