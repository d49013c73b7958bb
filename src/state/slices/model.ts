/** Model slice: the expression as typed, the library entry it came from, and what the parser
 *  sees in it (parameters, variables, the first error with its place). */
import type { Expr, ModelError } from '../../model/index';
import { parse } from '../../model/index';

export interface Token {
  readonly start: number;
  readonly end: number;
  readonly role: 'variable' | 'param' | 'constant' | 'function' | 'number';
}

export interface ModelInfo {
  readonly params: readonly string[];
  readonly variables: readonly string[];
  readonly error: ModelError | null;
  readonly tokens: readonly Token[];
}

export interface ModelSlice {
  readonly modelText: string;
  readonly libraryId: string | null;
  readonly modelInfo: ModelInfo;
}

function collect(e: Expr, out: Token[]): void {
  switch (e.kind) {
    case 'number':
      out.push({ start: e.start, end: e.end, role: 'number' });
      return;
    case 'ident':
      out.push({ start: e.start, end: e.end, role: e.role });
      return;
    case 'unary':
      collect(e.arg, out);
      return;
    case 'binary':
      collect(e.left, out);
      collect(e.right, out);
      return;
    case 'call':
      out.push({ start: e.start, end: e.start + e.name.length, role: 'function' });
      e.args.forEach((a) => collect(a, out));
  }
}

/** Parses for display: detected names and errors as you type (the worker compiles for real). */
export function analyzeModel(text: string, columns: readonly string[]): ModelInfo {
  if (text.trim() === '') return { params: [], variables: [], error: null, tokens: [] };
  const parsed = parse(text, columns);
  if (!parsed.ok) return { params: [], variables: [], error: parsed.error, tokens: [] };
  const tokens: Token[] = [];
  collect(parsed.value.ast, tokens);
  tokens.sort((a, b) => a.start - b.start);
  return { params: parsed.value.params, variables: parsed.value.variables, error: null, tokens };
}

export const initialModel: ModelSlice = { modelText: '', libraryId: null, modelInfo: analyzeModel('', []) };
