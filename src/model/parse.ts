/**
 * Recursive-descent parser for the model language, one function per precedence level:
 *
 *   expression := term (("+" | "-") term)*
 *   term       := unary (("*" | "/") unary)*                 implicit multiplication is an error
 *   unary      := ("-" | "+") unary | power
 *   power      := primary ("^" unary)?                       right-associative; -x^2 = -(x^2); 2^-1 ok
 *   primary    := number | name | name "(" args ")" | "(" expression ")"
 *
 * Every failure is returned as a ModelError (never thrown out of `parse`), and the recursion is
 * bounded twice so that hostile input cannot exhaust the stack: MAX_NESTING bounds the parser's
 * own recursion (parentheses, signs, exponents), MAX_HEIGHT bounds the height of the tree, which
 * later stages (lowering, differentiation, formatting) walk recursively.
 */
import type { Expr, Ident } from './ast';
import { MAX_MODEL_LENGTH, modelError, type ModelError, type ModelErrorCode, type Result } from './errors';
import { FUNCTIONS, isConstantName, isFunctionName } from './functions';
import { tokenize, type Token } from './lexer';
import { closest } from './suggest';

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

  fail(code: ModelErrorCode, start: number, end: number, describe: (at: string) => string, hint?: string): never {
    throw new ParseFailure(modelError(this.text, code, start, end, describe, hint));
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
    if (h > MAX_HEIGHT) {
      this.fail('too-deep', e.start, e.end, (at) => `Nesting too deep at ${at} (more than ${MAX_HEIGHT} operations in one chain)`, 'split the model into fewer terms');
    }
    this.heights.set(e, h);
    return e;
  }

  parseModel(): Expr {
    const e = this.expression();
    const t = this.peek();
    if (t.kind !== 'eof') this.unexpected(t);
    return e;
  }

  unexpected(t: Token): never {
    const hint = t.kind === ',' ? 'a comma only separates the arguments of a function' : t.kind === ')' ? 'remove it, or add the "(" it closes' : undefined;
    this.fail('unexpected-token', t.start, t.end, (at) => `Unexpected "${t.text}" at ${at}`, hint);
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
        this.missingOperator(operandStart, t);
      } else {
        return left;
      }
    }
  }

  /** Two operands side by side, as in 2x or (a)(b): implicit multiplication is not allowed. */
  missingOperator(start: number, t: Token): never {
    const l = this.text.slice(start, this.tokens[this.pos - 1].end);
    const lShown = l.length <= 24 ? l : '…';
    const r = t.kind === '(' ? '(…)' : t.text;
    this.fail('missing-operator', t.start, t.end, (at) => `Missing operator between "${lShown}" and "${t.text}" at ${at}`, `write ${lShown}*${r}`);
  }

  unary(): Expr {
    const t = this.peek();
    if (++this.nesting > MAX_NESTING) {
      this.fail('too-deep', t.start, t.end, (at) => `Nesting too deep at ${at} (more than ${MAX_NESTING} levels)`, 'simplify the expression');
    }
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
      default:
        return this.expectedValue(t);
    }
  }

  expectedValue(t: Token): never {
    const prev = this.pos >= 2 ? this.tokens[this.pos - 2] : undefined;
    if (prev === undefined) this.unexpected(t);
    const hint =
      prev.kind === '*' && t.kind === '*' ? 'write "^" for a power, e.g. x^2'
        : prev.kind === '(' && t.kind === ')' ? 'put an expression inside the parentheses'
          : undefined;
    this.fail('expected-value', prev.start, prev.end, (at) => `Expected a value after "${prev.text}" at ${at}`, hint);
  }

  /** Consumes the ")" matching `open`. */
  close(open: Token): void {
    const t = this.peek();
    if (t.kind === ')') {
      this.next();
      return;
    }
    if (t.kind === 'eof') {
      this.fail('unclosed-paren', open.start, open.end, (at) => `Missing ")" to close "(" opened at ${at}`, 'add ")" at the end');
    }
    this.unexpected(t);
  }

  name(t: Token): Ident {
    const name = t.text;
    let role: Ident['role'];
    if (this.columns.has(name)) {
      role = 'variable';
      this.used.add(name);
    } else if (isConstantName(name)) {
      role = 'constant';
    } else if (isFunctionName(name)) {
      this.fail('function-without-call', t.start, t.end, (at) => `Function "${name}" used without "(" at ${at}`, `write ${name}(…)`);
    } else {
      role = 'param';
      if (!this.params.includes(name)) this.params.push(name);
    }
    return this.node({ kind: 'ident', name, role, start: t.start, end: t.end });
  }

  call(nameTok: Token): Expr {
    const name = nameTok.text;
    const open = this.next();
    const info = FUNCTIONS[name];
    if (!isFunctionName(name)) {
      const guess = closest(name, Object.keys(FUNCTIONS));
      if (guess !== undefined) {
        const hint = `did you mean "${guess}"?`;
        this.fail('unknown-function', nameTok.start, nameTok.end, (at) => `Unknown function "${name}" at ${at}; ${hint}`, hint);
      }
      const hint = `for a product write ${name}*(…); the functions are ${Object.keys(FUNCTIONS).join(', ')}`;
      this.fail('unknown-function', nameTok.start, nameTok.end, (at) => `Unknown function "${name}" at ${at}`, hint);
    }
    const args: Expr[] = [];
    if (this.peek().kind === ')') {
      this.next();
    } else {
      for (;;) {
        args.push(this.expression());
        if (this.peek().kind !== ',') break;
        this.next();
      }
      this.close(open);
    }
    const end = this.tokens[this.pos - 1].end;
    if (args.length !== info.arity) {
      const want = `${info.arity} argument${info.arity === 1 ? '' : 's'}`;
      this.fail('arity', nameTok.start, end, (at) => `Function "${name}" takes ${want}, got ${args.length} at ${at}`);
    }
    return this.node({ kind: 'call', name, args, start: nameTok.start, end }, ...args);
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
    const ast = parser.parseModel();
    const variables = [...new Set(columns)].filter((c) => parser.used.has(c));
    return { ok: true, value: { ast, params: parser.params, variables } };
  } catch (e) {
    if (e instanceof ParseFailure) return { ok: false, error: e.error };
    throw e;
  }
}
