/**
 * Recursive-descent parser for the model language, one function per precedence level:
 *
 *   expression := term (("+" | "-") term)*
 *   term       := unary (("*" | "/") unary)*                 implicit multiplication is an error
 *   unary      := ("-" | "+") unary | power
 *   power      := primary ("^" unary)?                       right-associative; -x^2 = -(x^2); 2^-1 ok
 *   primary    := number | name | name "(" args ")" | "(" expression ")"
 *
 * Every failure is returned as a ModelError (parseErrors.ts says what each one says), never thrown
 * out of `parse`. Recursion is bounded twice so that hostile input cannot exhaust the stack:
 * MAX_NESTING bounds the parser's own recursion (parentheses, signs, exponents), MAX_HEIGHT the
 * height of the tree, which later stages (lowering, differentiation, formatting) walk recursively.
 */
import type { Expr, Ident } from './ast';
import { MAX_MODEL_LENGTH, modelError, type ModelError, type Result } from './errors';
import { FUNCTIONS, isConstantName, isFunctionName } from './functions';
import { tokenize, type Token } from './lexer';
import * as fail from './parseErrors';

export const MAX_NESTING = 200;
export const MAX_HEIGHT = 1000;

export interface ParsedModel {
  readonly ast: Expr;
  /** Fitted parameters, in order of first appearance. */
  readonly params: readonly string[];
  /** Columns the model uses, in the order of `columns`. */
  readonly variables: readonly string[];
}

/** The parser's only exception: carries a ModelError up to `parse`, which returns it. */
class ParseFailure {
  constructor(readonly error: ModelError) {}
}

const VALUE_START = new Set(['number', 'ident', '(']);

class Parser {
  private pos = 0;
  private nesting = 0;
  private readonly heights = new WeakMap<Expr, number>();
  readonly params: string[] = [];
  readonly used = new Set<string>();

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
    private readonly columns: ReadonlySet<string>,
  ) {}

  stop(error: ModelError): never {
    throw new ParseFailure(error);
  }

  peek(): Token {
    return this.tokens[this.pos];
  }

  next(): Token {
    return this.tokens[this.pos++];
  }

  /** Records the height of a new node and enforces MAX_HEIGHT. */
  node<T extends Expr>(e: T, ...children: Expr[]): T {
    const h = 1 + Math.max(0, ...children.map((c) => this.heights.get(c) ?? 1));
    if (h > MAX_HEIGHT) this.stop(fail.tooDeepChain(this.text, e, MAX_HEIGHT));
    this.heights.set(e, h);
    return e;
  }

  model(): Expr {
    const e = this.expression();
    const t = this.peek();
    if (t.kind !== 'eof') this.stop(fail.unexpected(this.text, t));
    return e;
  }

  expression(): Expr {
    let left = this.term();
    for (let t = this.peek(); t.kind === '+' || t.kind === '-'; t = this.peek()) {
      this.next();
      const right = this.term();
      left = this.node({ kind: 'binary', op: t.kind, left, right, start: left.start, end: right.end }, left, right);
    }
    return left;
  }

  term(): Expr {
    let operandStart = this.peek().start; // with any "(", for the hint of missingOperator
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      if (t.kind === '*' || t.kind === '/') {
        this.next();
        operandStart = this.peek().start;
        const right = this.unary();
        left = this.node({ kind: 'binary', op: t.kind, left, right, start: left.start, end: right.end }, left, right);
      } else if (VALUE_START.has(t.kind)) {
        const operand = this.text.slice(operandStart, this.tokens[this.pos - 1].end);
        this.stop(fail.missingOperator(this.text, operand, t));
      } else {
        return left;
      }
    }
  }

  unary(): Expr {
    const t = this.peek();
    if (++this.nesting > MAX_NESTING) this.stop(fail.tooDeepNesting(this.text, t, MAX_NESTING));
    let e: Expr;
    if (t.kind === '-' || t.kind === '+') {
      this.next();
      const arg = this.unary();
      e = this.node({ kind: 'unary', op: t.kind, arg, start: t.start, end: arg.end }, arg);
    } else {
      e = this.power();
    }
    this.nesting--;
    return e;
  }

  power(): Expr {
    const base = this.primary();
    if (this.peek().kind !== '^') return base;
    this.next();
    const exponent = this.unary();
    return this.node({ kind: 'binary', op: '^', left: base, right: exponent, start: base.start, end: exponent.end }, base, exponent);
  }

  primary(): Expr {
    const t = this.next();
    switch (t.kind) {
      case 'number':
        return this.node({ kind: 'number', value: Number(t.text), text: t.text, start: t.start, end: t.end });
      case 'ident':
        return this.peek().kind === '(' ? this.call(t) : this.name(t);
      case '(': {
        const inner = this.expression();
        this.close(t);
        return inner;
      }
      default: {
        const prev = this.pos >= 2 ? this.tokens[this.pos - 2] : undefined;
        this.stop(prev === undefined ? fail.unexpected(this.text, t) : fail.expectedValue(this.text, prev, t));
      }
    }
  }

  /** Consumes the ")" matching `open`. */
  close(open: Token): void {
    const t = this.next();
    if (t.kind === ')') return;
    this.stop(t.kind === 'eof' ? fail.unclosed(this.text, open) : fail.unexpected(this.text, t));
  }

  /** A name not followed by "(": a column, a constant, or a fitted parameter. */
  name(t: Token): Ident {
    const name = t.text;
    let role: Ident['role'];
    if (this.columns.has(name)) {
      role = 'variable';
      this.used.add(name);
    } else if (isConstantName(name)) {
      role = 'constant';
    } else if (isFunctionName(name)) {
      this.stop(fail.functionWithoutCall(this.text, t));
    } else {
      role = 'param';
      if (!this.params.includes(name)) this.params.push(name);
    }
    return this.node({ kind: 'ident', name, role, start: t.start, end: t.end });
  }

  call(nameTok: Token): Expr {
    const open = this.next();
    if (!isFunctionName(nameTok.text)) this.stop(fail.unknownFunction(this.text, nameTok));
    const args: Expr[] = [];
    if (this.peek().kind === ')') {
      this.next();
    } else {
      args.push(this.expression());
      while (this.peek().kind === ',') {
        this.next();
        args.push(this.expression());
      }
      this.close(open);
    }
    const end = this.tokens[this.pos - 1].end;
    if (args.length !== FUNCTIONS[nameTok.text].arity) this.stop(fail.arity(this.text, nameTok, end, args.length));
    return this.node({ kind: 'call', name: nameTok.text, args, start: nameTok.start, end }, ...args);
  }
}

/** Parses `text` with the given data columns; see the module docblock for the grammar. */
export function parse(text: string, columns: readonly string[]): Result<ParsedModel, ModelError> {
  if (text.length > MAX_MODEL_LENGTH) {
    return { ok: false, error: modelError(text, 'too-long', 0, text.length, () => `Model is too long (max ${MAX_MODEL_LENGTH} characters)`) };
  }
  if (text.trim() === '') {
    return { ok: false, error: modelError(text, 'empty', 0, text.length, () => 'The model is empty', 'write a formula such as a*x + b') };
  }
  const lexed = tokenize(text);
  if (!lexed.ok) return lexed;
  const parser = new Parser(text, lexed.value, new Set(columns));
  try {
    const ast = parser.model();
    const variables = [...new Set(columns)].filter((c) => parser.used.has(c));
    return { ok: true, value: { ast, params: parser.params, variables } };
  } catch (e) {
    if (e instanceof ParseFailure) return { ok: false, error: e.error };
    throw e;
  }
}
