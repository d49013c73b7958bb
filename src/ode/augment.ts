/**
 * The system the steppers integrate: the states alone, or the states with their forward
 * sensitivities (the variational equations, Hairer, Nørsett & Wanner, Solving ODEs I, I.14):
 *
 *   X' = f(t, X),   S_k' = J(t, X) S_k + ∂f/∂p_k,   S(t0) = [∂X0/∂p | I],
 *
 * integrated as one augmented system under one error control (the "simultaneous corrector" with
 * the sensitivities in the error test, Maly & Petzold 1996; CVODES' errconS). For the explicit
 * pair this is exactly the internal differentiation of the method (Bock 1981): the sensitivities
 * are the derivatives of the computed solution. y = [X; S₁; …; S_m], each S_k a block of n.
 */
import type { RhsFn } from './stepper';
import type { OdeStats, OdeSystem, SensitivitySpec } from './types';
import { PlainW, SensitivityW, type WMatrix } from './wMatrix';

export type DfdtFn = (t: number, y: Float64Array, out: Float64Array, f0: Float64Array) => void;

export interface Augmented {
  /** Number of integrated components: n (1 + m). */
  readonly N: number;
  /** Sensitivity columns m (0 without sensitivities). */
  readonly m: number;
  readonly f: RhsFn;
  /** ∂f/∂t of the integrated system; undefined when it is autonomous. */
  readonly dfdt: DfdtFn | undefined;
  /** Iteration matrix of the implicit method; undefined without a Jacobian. */
  readonly W: WMatrix | undefined;
  /** The integrated initial value. */
  initial(x0: ArrayLike<number>): Float64Array;
}

/** A forward difference in t with Hairer's increment √(u·max(1e-5, |t|)) (rodas.f). */
function forwardDfdt(f: RhsFn, N: number, stats: OdeStats): DfdtFn {
  const f1 = new Float64Array(N);
  return (t, y, out, f0) => {
    const delta = Math.sqrt(2.220446049250313e-16 * Math.max(1e-5, Math.abs(t)));
    f(t + delta, y, f1);
    stats.fevals++;
    for (let i = 0; i < N; i++) out[i] = (f1[i] - f0[i]) / delta;
  };
}

export function augment(sys: OdeSystem, sens: SensitivitySpec | undefined, stats: OdeStats): Augmented {
  const { n } = sys;
  if (sens === undefined) {
    const f: RhsFn = sys.f.bind(sys);
    const dfdt: DfdtFn | undefined = sys.autonomous
      ? undefined
      : sys.dfdt
        ? (t, y, out) => sys.dfdt!(t, y, out)
        : forwardDfdt(f, n, stats);
    return { N: n, m: 0, f, dfdt, W: sys.jac ? new PlainW(sys, stats) : undefined, initial: (x0) => Float64Array.from(x0) };
  }
  const { np } = sens;
  const m = np + (sens.initial ? n : 0);
  const N = n * (1 + m);
  const J = new Float64Array(n * n);
  const P = new Float64Array(n * np);
  const f: RhsFn = (t, y, dy) => {
    // y and dy are longer than n: the callbacks read X = y[0 … n) and write dy[0 … n)
    sys.f(t, y, dy);
    sys.jac!(t, y, J);
    if (np > 0) sens.dfdp(t, y, P);
    stats.jevals++;
    for (let k = 0; k < m; k++) {
      const o = n + k * n;
      for (let i = 0; i < n; i++) {
        let s = k < np ? P[i * np + k] : 0;
        for (let j = 0; j < n; j++) s += J[i * n + j] * y[o + j];
        dy[o + i] = s;
      }
    }
  };
  const initial = (x0: ArrayLike<number>): Float64Array => {
    const y = new Float64Array(N);
    for (let i = 0; i < n; i++) y[i] = x0[i];
    if (sens.S0) for (let i = 0; i < n; i++) for (let k = 0; k < np; k++) y[n + k * n + i] = sens.S0[i * np + k];
    if (sens.initial) for (let j = 0; j < n; j++) y[n + (np + j) * n + j] = 1;
    return y;
  };
  return { N, m, f, dfdt: sys.autonomous ? undefined : forwardDfdt(f, N, stats), W: new SensitivityW(sys, sens, m, stats), initial };
}
