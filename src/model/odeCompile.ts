/**
 * The ODE model compiler (issue 23): a validated OdeModelSpec (statements.ts) becomes float64
 * closures for everything the integrators (src/ode) and a fit need, all from one DAG:
 *
 *   f(t, X, p)            the rates                               n
 *   ∂f/∂X                 the exact Jacobian, row-major            n×n
 *   ∂f/∂p                 for the forward sensitivities            n×np
 *   ∂f/∂t                 exact, for Rosenbrock's non-autonomous term
 *   X0(p), ∂X0/∂p         the initial values and S(t0)             n, n×np
 *   D_v ∂f/∂X, D_v ∂f/∂p  second derivatives along v, for Rodas4's sensitivity block
 *   g(t, X, p)            each observation's expression            nObs
 *   ∂g/∂X, ∂g/∂p          for the residual Jacobian ∂g/∂X·S + ∂g/∂p
 *
 * Derivatives are symbolic (differentiate.ts over z = [p | X | t], odeLower.ts), simplified and
 * shared, so the sensitivities see derivatives exact to rounding, not finite differences.
 */
import { differentiate } from './differentiate';
import { modelError, type ModelError, type Result } from './errors';
import type { NodeId } from './graph';
import { multiKernel, type MultiKernel } from './odeEmit';
import { lowerOde, type OdeLayout } from './odeLower';
import { Builder } from './simplify';
import type { OdeModelSpec } from './statements';

/** The shapes of src/ode's OdeSystem and SensitivitySpec, restated so that model stays below ode. */
export interface BoundOdeSystem {
  readonly n: number;
  readonly autonomous: boolean;
  f(t: number, x: Float64Array, dx: Float64Array): void;
  jac(t: number, x: Float64Array, J: Float64Array): void;
  dfdt(t: number, x: Float64Array, out: Float64Array): void;
  readonly sens: {
    readonly np: number;
    dfdp(t: number, x: Float64Array, P: Float64Array): void;
    readonly S0: Float64Array;
    /** out ← [Σ_j ∂J/∂X_j v_j (n×n) | Σ_j ∂(∂f/∂p)/∂X_j v_j (n×np)]: second derivatives, exact. */
    jacDirectional(t: number, x: Float64Array, v: Float64Array, out: Float64Array): void;
  };
  readonly x0: Float64Array;
}

export interface CompiledOde {
  readonly spec: OdeModelSpec;
  readonly layout: OdeLayout;
  /** Whether some rate uses t. */
  readonly autonomous: boolean;
  /** The system at parameters p (copied), ready for solveOde(sys, t0, sys.x0, times, opts, sys.sens). */
  bind(p: ArrayLike<number>): BoundOdeSystem;
  /** out[c] = observation c at (t, X, p); dX[c·n + j] = ∂g_c/∂X_j; dp[c·np + k] = ∂g_c/∂p_k. */
  observe(t: number, x: Float64Array, p: Float64Array, out: Float64Array, dX?: Float64Array, dp?: Float64Array): void;
}

/**
 * Compiles a validated spec; an internal failure (a compiler bug) comes back as a ModelError of
 * code 'internal', as compileModel does, so nothing a user types throws past this function.
 */
export function compileOde(spec: OdeModelSpec): Result<CompiledOde, ModelError> {
  try {
    return { ok: true, value: build(spec) };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { ok: false, error: modelError(spec.source, 'internal', 0, 0, () => `Internal compiler error: ${why}`, 'please report this model') };
  }
}

function build(spec: OdeModelSpec): CompiledOde {
  const b = new Builder();
  const low = lowerOde(b, spec);
  const { np, n, zLength } = low.layout;
  const memos = Array.from({ length: zLength }, () => new Map<NodeId, NodeId>());
  const d = (root: NodeId, wrt: number): NodeId => differentiate(b, root, wrt, memos[wrt]);
  const range = (m: number): number[] => Array.from({ length: m }, (_, i) => i);

  const rateJac = low.rates.flatMap((f) => range(n).map((j) => d(f, np + j)));
  const rateP = low.rates.flatMap((f) => range(np).map((k) => d(f, k)));
  const rateT = low.rates.map((f) => d(f, np + n));
  const autonomous = rateT.every((r) => b.isZero(r));
  const initialP = low.initials.flatMap((x) => range(np).map((k) => d(x, k)));
  const obsX = low.observations.flatMap((g) => range(n).map((j) => d(g, np + j)));
  const obsP = low.observations.flatMap((g) => range(np).map((k) => d(g, k)));

  // the implicit method's second-order terms along v (z entries vBase … vBase + n):
  // (D_v J)_il = Σ_j ∂J_il/∂X_j v_j, (D_v P)_ik = Σ_j ∂P_ik/∂X_j v_j
  const vBase = zLength;
  const along = (root: NodeId): NodeId => range(n).reduce((acc, j) => b.add(acc, b.mul(d(root, np + j), b.param(vBase + j))), b.zero);
  const jacDir = [...rateJac.map(along), ...rateP.map(along)];
  const zAll = zLength + n;

  const K = (roots: readonly NodeId[]): MultiKernel => multiKernel(b.graph, roots, zAll);
  const kf = K(low.rates);
  const kJ = K(rateJac);
  const kP = K(rateP);
  const kT = K(rateT);
  const kX0 = K([...low.initials, ...initialP]);
  const kg = K(low.observations);
  const kgX = K(obsX);
  const kgP = K(obsP);
  const kDir = K(jacDir);

  const zObs = new Float64Array(zAll);
  const load = (z: Float64Array, t: number, x: Float64Array): void => {
    for (let j = 0; j < n; j++) z[np + j] = x[j];
    z[np + n] = t;
  };

  return {
    spec,
    layout: low.layout,
    autonomous,
    bind(p) {
      if (p.length !== np) throw new RangeError(`bind: ${p.length} parameter values for ${np} parameters`);
      const z = new Float64Array(zAll);
      for (let k = 0; k < np; k++) z[k] = p[k];
      const init = new Float64Array(n + n * np);
      kX0(z, init);
      return {
        n,
        autonomous,
        x0: init.slice(0, n),
        f: (t, x, dx) => { load(z, t, x); kf(z, dx); },
        jac: (t, x, J) => { load(z, t, x); kJ(z, J); },
        dfdt: (t, x, out) => { load(z, t, x); kT(z, out); },
        sens: {
          np,
          S0: init.slice(n),
          dfdp: (t, x, P) => { load(z, t, x); kP(z, P); },
          jacDirectional: (t, x, v, out) => {
            load(z, t, x);
            for (let j = 0; j < n; j++) z[vBase + j] = v[j];
            kDir(z, out);
          },
        },
      };
    },
    observe(t, x, p, out, dX, dp) {
      for (let k = 0; k < np; k++) zObs[k] = p[k];
      load(zObs, t, x);
      kg(zObs, out);
      if (dX) kgX(zObs, dX);
      if (dp) kgP(zObs, dp);
    },
  };
}
