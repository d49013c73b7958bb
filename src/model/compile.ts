/**
 * The model compiler's facade: text → syntax tree → simplified DAG → (per wrt) derivatives,
 * Tape and float64 kernels, each cached. Model errors come back as values; so does any internal
 * failure (code 'internal'), so nothing a user types can throw past this function.
 */
import type { Expr } from './ast';
import { differentiate } from './differentiate';
import { modelError, type ModelError, type Result } from './errors';
import type { NodeId } from './graph';
import { createJsKernels, type JsKernels } from './kernels';
import { lower } from './lower';
import { parse, type ParsedModel } from './parse';
import { schedule } from './schedule';
import { Builder } from './simplify';
import type { Tape } from './tape';

export interface CompileOptions {
  /** Names of the data columns; a name in the model that matches one is a variable. */
  readonly columns: readonly string[];
}

export interface CompiledModel {
  readonly source: string;
  readonly ast: Expr;
  /** Fitted parameters in order of first appearance. */
  readonly params: readonly string[];
  /** Columns the model uses, in the order they appear in options.columns. */
  readonly variables: readonly string[];
  /** The tape with gradients w.r.t. params[wrt[j]] (default: all params); cached per wrt.
   *  Throws RangeError for an index that is not a parameter (a caller bug, not a model error). */
  tape(wrt?: readonly number[]): Tape;
  /** Float64 kernels of tape(wrt); cached per wrt. */
  kernels(wrt?: readonly number[]): JsKernels;
}

class Model implements CompiledModel {
  readonly ast: Expr;
  readonly params: readonly string[];
  readonly variables: readonly string[];
  private readonly builder = new Builder();
  private readonly value: NodeId;
  private readonly gradNodes = new Map<number, NodeId>();
  private readonly tapes = new Map<string, Tape>();
  private readonly kernelSets = new Map<string, JsKernels>();

  constructor(readonly source: string, parsed: ParsedModel) {
    this.ast = parsed.ast;
    this.params = parsed.params;
    this.variables = parsed.variables;
    const index = (names: readonly string[]): Map<string, number> => new Map(names.map((n, i) => [n, i]));
    this.value = lower(this.builder, parsed.ast, { params: index(this.params), variables: index(this.variables) });
  }

  private allParams(): number[] {
    return this.params.map((_, i) => i);
  }

  private grad(p: number): NodeId {
    let g = this.gradNodes.get(p);
    if (g === undefined) {
      g = differentiate(this.builder, this.value, p);
      this.gradNodes.set(p, g);
    }
    return g;
  }

  tape(wrt: readonly number[] = this.allParams()): Tape {
    for (const p of wrt) {
      if (!Number.isInteger(p) || p < 0 || p >= this.params.length) {
        throw new RangeError(`wrt: ${p} is not a parameter index (the model has ${this.params.length})`);
      }
    }
    const key = wrt.join(',');
    let t = this.tapes.get(key);
    if (t === undefined) {
      t = schedule(this.builder.graph, {
        value: this.value,
        grads: wrt.map((p) => this.grad(p)),
        wrt,
        nParams: this.params.length,
        nVars: this.variables.length,
      });
      this.tapes.set(key, t);
    }
    return t;
  }

  kernels(wrt: readonly number[] = this.allParams()): JsKernels {
    const key = wrt.join(',');
    let k = this.kernelSets.get(key);
    if (k === undefined) {
      k = createJsKernels(this.tape(wrt));
      this.kernelSets.set(key, k);
    }
    return k;
  }
}

/** Compiles a model; see the module docblock. */
export function compileModel(text: string, options: CompileOptions): Result<CompiledModel, ModelError> {
  try {
    const parsed = parse(text, options.columns);
    if (!parsed.ok) return parsed;
    const model = new Model(text, parsed.value);
    model.tape(); // derive eagerly, so that an internal failure surfaces here as a value
    return { ok: true, value: model };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { ok: false, error: modelError(text, 'internal', 0, 0, () => `Internal compiler error: ${why}`, 'please report this model') };
  }
}
