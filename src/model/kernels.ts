/**
 * The float64 CPU kernels of a model: typed entry points over columnar data, instantiated with
 * `new Function` from generated source (kernelSource.ts, normalSource.ts; emitJs.ts says why this
 * is safe), each compiled on first use — or, where a Content-Security-Policy forbids that, the
 * tape interpreter behind the same interface (interpretedKernels.ts); cost and normal once per loss kind, so that every loss
 * gets its own specialised loop. Kernels keep small scratch arrays of their own (allocated once),
 * which is safe because a kernel never calls back into user code.
 *
 * All kernels loop over rows [start, end) and index their outputs by the row i itself (not
 * i − start), so a caller can split the rows into chunks over one output array. `params` is
 * always the full parameter vector; derivatives are taken for `tape.wrt` only, k = wrt.length.
 */
import type { Loss, LossName } from '../solver/loss';
import { costSource, evaluateSource, jacobianSource, residualsSource } from './kernelSource';
import { createInterpretedKernels } from './interpretedKernels';
import { normalSource } from './normalSource';
import { erf, erfc } from './special';
import type { Tape } from './tape';

export { normalLength } from './kernelLayout';

/** Columnar data: `vars[c]` holds column c of CompiledModel.variables; w = 1/σ per row, null = all 1. */
export interface ModelData {
  vars: Float64Array[];
  y: Float64Array;
  w: Float64Array | null;
}

export interface JsKernels {
  /** Number of derivative columns (wrt.length). */
  readonly k: number;
  /** Generated code, or the tape interpreter where code generation is refused (CSP). */
  readonly kind: 'generated' | 'interpreted';
  /** out[i] = model(row i). */
  evaluate(params: Float64Array, vars: Float64Array[], out: Float64Array, start: number, end: number): void;
  /** f[i] = w_i·(model_i − y_i). */
  residuals(params: Float64Array, data: ModelData, f: Float64Array, start: number, end: number): void;
  /** f as `residuals`, and J[i·k + j] = w_i·∂model_i/∂p_wrt[j] (row-major m×k). */
  residualsJacobian(params: Float64Array, data: ModelData, f: Float64Array, J: Float64Array, start: number, end: number): void;
  /** Σ over rows of ρ₀(f_i); not halved (the caller halves). */
  cost(params: Float64Array, data: ModelData, loss: Loss, start: number, end: number): number;
  /**
   * Adds into acc (length k(k+1)/2 + k + 1), in one pass over the rows: the upper triangle of JᵀJ
   * packed row by row ((0,0), (0,1) … (0,k−1), (1,1) …), then Jᵀf (k entries), then Σρ₀. For
   * robust losses JᵀJ and Jᵀf are scipy's robust Gauss–Newton forms (see normalSource.ts).
   * With `values`, also values[i] = model(row i), the numbers `evaluate` gives, in the same pass.
   */
  normal(params: Float64Array, data: ModelData, loss: Loss, acc: Float64Array, start: number, end: number, values?: Float64Array | null): void;
}


type Kernel<A extends unknown[], R> = (...args: A) => R;

let codegen: boolean | null = null;

/** Whether this realm may compile code: a CSP without 'unsafe-eval' makes `new Function` throw. */
export function codegenAllowed(): boolean {
  if (codegen === null) {
    try {
      codegen = (new Function('return 1') as () => number)() === 1;
    } catch {
      codegen = false;
    }
  }
  return codegen;
}

/** For tests: force the interpreter (false), allow code generation (true), or detect again (null). */
export function setCodegen(allowed: boolean | null): void {
  codegen = allowed;
}

function instantiate<A extends unknown[], R>(source: string): Kernel<A, R> {
  // The source is generated from the tape only (emitJs.ts docblock), never from user text.
  const factory = new Function('erf', 'erfc', source) as (e: typeof erf, ec: typeof erfc) => Kernel<A, R>;
  return factory(erf, erfc);
}

/** A function compiled from `source()` the first time it is needed. */
function lazy<A extends unknown[], R>(source: () => string): Kernel<A, R> {
  let fn: Kernel<A, R> | undefined;
  return (...args: A): R => (fn ??= instantiate<A, R>(source()))(...args);
}

type CostFn = Kernel<[Float64Array, ModelData, Loss, number, number], number>;
type NormalFn = Kernel<[Float64Array, ModelData, Loss, Float64Array, number, number, Float64Array | null], void>;

export function createJsKernels(tape: Tape): JsKernels {
  if (!codegenAllowed()) return createInterpretedKernels(tape);
  const costs = new Map<LossName, CostFn>();
  const normals = new Map<LossName, NormalFn>();
  const normalsWithValues = new Map<LossName, NormalFn>();
  const perLoss = <F>(cache: Map<LossName, F>, name: LossName, make: () => F): F => {
    let f = cache.get(name);
    if (f === undefined) {
      f = make();
      cache.set(name, f);
    }
    return f;
  };
  return {
    k: tape.grads.length,
    kind: 'generated',
    evaluate: lazy(() => evaluateSource(tape)),
    residuals: lazy(() => residualsSource(tape)),
    residualsJacobian: lazy(() => jacobianSource(tape)),
    cost: (params, data, loss, start, end) =>
      perLoss(costs, loss.name, () => instantiate(costSource(tape, loss.name)) as CostFn)(params, data, loss, start, end),
    normal: (params, data, loss, acc, start, end, values = null) =>
      values
        ? perLoss(normalsWithValues, loss.name, () => instantiate(normalSource(tape, loss.name, true)) as NormalFn)(params, data, loss, acc, start, end, values)
        : perLoss(normals, loss.name, () => instantiate(normalSource(tape, loss.name)) as NormalFn)(params, data, loss, acc, start, end, null),
  };
}
