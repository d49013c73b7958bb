/**
 * The error norm and the first step size of Hairer, Nørsett & Wanner, Solving ODEs I (2nd ed.),
 * II.4: ‖e‖ = sqrt((1/N) Σ (e_i / sc_i)²) with sc_i = atol_i + rtol·max(|y0_i|, |y1_i|), and the
 * initial step guess of their Fortran codes (subroutine HINIT of dopri5.f).
 */

/** Per-component tolerances: atol[i] for each of the N (augmented) components and one rtol. */
export interface Tolerances {
  readonly rtol: number;
  readonly atol: Float64Array;
}

/** The weighted RMS norm of e with the scale of y0 and y1; NaN when anything is not finite. */
export function errorNorm(e: Float64Array, y0: Float64Array, y1: Float64Array, tol: Tolerances): number {
  const N = e.length;
  let s = 0;
  for (let i = 0; i < N; i++) {
    const sc = tol.atol[i] + tol.rtol * Math.max(Math.abs(y0[i]), Math.abs(y1[i]));
    const r = e[i] / sc;
    s += r * r;
  }
  const v = Math.sqrt(s / N);
  return Number.isFinite(v) ? v : NaN;
}

/**
 * Hairer's HINIT: h0 = 0.01·‖y0‖/‖f0‖ (both scaled), an explicit Euler step to estimate the second
 * derivative, and h1 = (0.01 / max(‖f0‖, ‖y''‖))^(1/(q+1)); the guess is min(100·h0, h1, hmax).
 * `f` evaluates the system; `work` holds 2N scratch values. Returns a positive size.
 */
export function initialStep(
  f: (t: number, y: Float64Array, dy: Float64Array) => void,
  t0: number,
  y0: Float64Array,
  f0: Float64Array,
  dir: number,
  order: number,
  hmax: number,
  tol: Tolerances,
  work: Float64Array,
): number {
  const N = y0.length;
  let dnf = 0;
  let dny = 0;
  for (let i = 0; i < N; i++) {
    const sk = tol.atol[i] + tol.rtol * Math.abs(y0[i]);
    dnf += (f0[i] / sk) ** 2;
    dny += (y0[i] / sk) ** 2;
  }
  let h = dnf <= 1e-10 || dny <= 1e-10 ? 1e-6 : Math.sqrt(dny / dnf) * 0.01;
  h = Math.min(h, hmax);
  const y1 = work.subarray(0, N);
  const f1 = work.subarray(N, 2 * N);
  for (let i = 0; i < N; i++) y1[i] = y0[i] + dir * h * f0[i];
  f(t0 + dir * h, y1, f1);
  let der2 = 0;
  for (let i = 0; i < N; i++) {
    const sk = tol.atol[i] + tol.rtol * Math.abs(y0[i]);
    der2 += ((f1[i] - f0[i]) / sk) ** 2;
  }
  der2 = Math.sqrt(der2) / h;
  const der12 = Math.max(Math.abs(der2), Math.sqrt(dnf));
  const h1 = der12 <= 1e-15 ? Math.max(1e-6, Math.abs(h) * 1e-3) : (0.01 / der12) ** (1 / (order + 1));
  const guess = Math.min(100 * Math.abs(h), h1, hmax);
  return Number.isFinite(guess) && guess > 0 ? guess : Math.min(1e-6, hmax);
}
