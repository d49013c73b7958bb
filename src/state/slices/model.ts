/** Model slice: the expression as typed, the library entry it came from, and what the parser
 *  sees in it (parameters, variables, the first error with its place). */
import type { ModelError, StatementError } from '../../model/index';
import { isEquationModel, isOdeModel, parse, parseEquation } from '../../model/index';
import { analyzeOdeModel } from './odeModel';
import { collect, type Token } from './modelTokens';

export type { Token } from './modelTokens';

export interface ModelInfo {
  readonly params: readonly string[];
  readonly variables: readonly string[];
  readonly error: ModelError | StatementError | null;
  readonly tokens: readonly Token[];
  /** An ODE model (issue 23): its states and observed columns (`variables` are these columns);
   *  absent or null for a closed-form model. */
  readonly ode?: OdeInfo | null;
  /** An implicit model (issue 24): one equation g(x, y) = 0 over columns that are all observed
   *  (`variables` are its columns); absent or false: y = f(x) or an ODE model. */
  readonly implicit?: boolean;
}

export interface OdeInfo {
  readonly states: readonly string[];
  /** The columns of the `~` lines, in their order, and their σ columns. */
  readonly observed: readonly string[];
  readonly sigma: readonly (string | null)[];
}

export interface ModelSlice {
  readonly modelText: string;
  readonly libraryId: string | null;
  readonly modelInfo: ModelInfo;
}

/** Parses for display: detected names and errors as you type (the worker compiles for real).
 *  `columns`: the names the model may use as variables (an ODE model: the table's columns). */
export function analyzeModel(text: string, columns: readonly string[]): ModelInfo {
  if (text.trim() === '') return { params: [], variables: [], error: null, tokens: [] };
  if (isOdeModel(text)) return analyzeOdeModel(text, columns);
  const implicit = isEquationModel(text);
  const parsed = implicit ? parseEquation(text, columns) : parse(text, columns);
  if (!parsed.ok) return { params: [], variables: [], error: parsed.error, tokens: [] };
  const tokens: Token[] = [];
  collect(parsed.value.ast, tokens);
  tokens.sort((a, b) => a.start - b.start);
  return { params: parsed.value.params, variables: parsed.value.variables, error: null, tokens, ...(implicit ? { implicit: true } : {}) };
}

export const initialModel: ModelSlice = { modelText: '', libraryId: null, modelInfo: analyzeModel('', []) };
