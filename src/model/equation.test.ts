import { describe, expect, it } from 'vitest';
import { compileEquation, isEquationModel } from './equation';

describe('implicit models as one equation', () => {
  it('tells an equation from ODE statements and closed forms', () => {
    expect(isEquationModel('(x-a)^2 + (y-b)^2 = R^2')).toBe(true);
    expect(isEquationModel('x^2/a^2 + y^2/b^2 = 1 # an ellipse')).toBe(true);
    for (const t of ['a*x + b', 'dX/dt = -k*X', 'X(t0) = X0', 'y = a*x', 'dX/dt = -k*X\nX(t0) = 1']) expect(isEquationModel(t)).toBe(false);
  });

  it('compiles g = lhs − rhs with slopes in the columns (∂g/∂x, ∂g/∂y) beside ∂g/∂β', () => {
    const r = compileEquation('(x-a)^2 + (y-b)^2 = R^2', { columns: ['y', 'x'] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.params).toEqual(['a', 'b', 'R']);
    expect(r.value.variables).toEqual(['y', 'x']);
    const k = r.value.kernels([0, 1, 2], [1, 0]);
    const f = new Float64Array(1);
    const J = new Float64Array(5);
    // x = 4, y = 6, a = 1, b = 2, R = 3: g = 9 + 16 − 9; ∂a = −6, ∂b = −8, ∂R = −6, ∂x = 6, ∂y = 8.
    k.residualsJacobian(Float64Array.of(1, 2, 3), { vars: [Float64Array.of(6), Float64Array.of(4)], y: Float64Array.of(0), w: null }, f, J, 0, 1);
    expect(Array.from(f)).toEqual([16]);
    expect(Array.from(J)).toEqual([-6, -8, -6, 6, 8]);
  });

  it('names the place of an empty side or a second "="', () => {
    const empty = compileEquation('x^2 + y^2 = ', { columns: ['x', 'y'] });
    expect(empty.ok || empty.error).toMatchObject({ code: 'equation', column: 11 });
    const two = compileEquation('x = y = a', { columns: ['x', 'y'] });
    expect(two.ok || two.error.code).toBe('equation');
    const bad = compileEquation('x^2 = sn(y)', { columns: ['x', 'y'] });
    expect(bad.ok || bad.error).toMatchObject({ code: 'unknown-function', column: 7 });
  });
});
