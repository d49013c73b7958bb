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
  /** The tape with gradients w.r.t. params[wrt[j]] (default: all params), then w.r.t.
   *  variables[wrtVariables[j]] (the slopes in x that errors in x need, fit/odr); cached per both.
   *  Throws RangeError for an index that is not a parameter (a caller bug, not a model error). */
  tape(wrt?: readonly number[], wrtVariables?: readonly number[]): Tape;
  /** Float64 kernels of tape(wrt, wrtVariables); cached per both. k counts both kinds. */
  kernels(wrt?: readonly number[], wrtVariables?: readonly number[]): JsKernels;
}

class Model implements CompiledModel {
  readonly ast: Expr;
  readonly params: readonly string[];
  readonly variables: readonly string[];
  private readonly builder = new Builder();
  private readonly value: NodeId;
  private readonly gradNodes = new Map<number, NodeId>();
  private readonly varGradNodes = new Map<number, NodeId>();
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

  private varGrad(v: number): NodeId {
    let g = this.varGradNodes.get(v);
    if (g === undefined) {
      g = differentiate(this.builder, this.value, v, new Map(), 'var');
      this.varGradNodes.set(v, g);
    }
    return g;
  }

  tape(wrt: readonly number[] = this.allParams(), wrtVariables: readonly number[] = []): Tape {
    for (const p of wrt) {
      if (!Number.isInteger(p) || p < 0 || p >= this.params.length) {
        throw new RangeError(`wrt: ${p} is not a parameter index (the model has ${this.params.length})`);
      }
    }
    for (const v of wrtVariables) {
      if (!Number.isInteger(v) || v < 0 || v >= this.variables.length) {
        throw new RangeError(`wrtVariables: ${v} is not a variable index (the model has ${this.variables.length})`);
      }
    }
    const key = tapeKey(wrt, wrtVariables);
    let t = this.tapes.get(key);
    if (t === undefined) {
      t = schedule(this.builder.graph, {
        value: this.value,
        grads: [...wrt.map((p) => this.grad(p)), ...wrtVariables.map((v) => this.varGrad(v))],
        wrt,
        nParams: this.params.length,
        nVars: this.variables.length,
      });
      this.tapes.set(key, t);
    }
    return t;
  }

  kernels(wrt: readonly number[] = this.allParams(), wrtVariables: readonly number[] = []): JsKernels {
    const key = tapeKey(wrt, wrtVariables);
    let k = this.kernelSets.get(key);
    if (k === undefined) {
      k = createJsKernels(this.tape(wrt, wrtVariables));
      this.kernelSets.set(key, k);
    }
    return k;
  }
}

/** The cache key of a derivative set: parameter indices, then variable indices after a '|'. */
function tapeKey(wrt: readonly number[], wrtVariables: readonly number[]): string {
  return wrtVariables.length === 0 ? wrt.join(',') : `${wrt.join(',')}|${wrtVariables.join(',')}`;
}

/** A model from an already parsed tree (an equation's two sides joined, model/equation.ts). */
export function compileParsed(source: string, parsed: ParsedModel): Result<CompiledModel, ModelError> {
  try {
    const model = new Model(source, parsed);
    model.tape();
    return { ok: true, value: model };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { ok: false, error: modelError(source, 'internal', 0, 0, () => `Internal compiler error: ${why}`, 'please report this model') };
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
