/**
 * The syntax tree of a model: plain data (JSON-serialisable, no classes), each node carrying its
 * span [start, end) as UTF-16 offsets into the source so that later stages can point at text.
 * Parentheses leave no node: they only shape the tree (formatExpr puts back the needed ones).
 */

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A numeric literal; `text` is the lexeme as written. */
export interface NumberLit extends Span {
  readonly kind: 'number';
  readonly value: number;
  readonly text: string;
}

/**
 * A name. Its role is settled by the parser: a data column is a `variable`, `pi`/`e` (when no
 * column is so named) are `constant`s, every other name is a fitted `param`.
 */
export interface Ident extends Span {
  readonly kind: 'ident';
  readonly name: string;
  readonly role: 'variable' | 'param' | 'constant';
}

export interface Unary extends Span {
  readonly kind: 'unary';
  readonly op: '-' | '+';
  readonly arg: Expr;
}

export type BinaryOperator = '+' | '-' | '*' | '/' | '^';

export interface Binary extends Span {
  readonly kind: 'binary';
  readonly op: BinaryOperator;
  readonly left: Expr;
  readonly right: Expr;
}

/** A call of a whitelisted function (see functions.ts), with its arity already checked. */
export interface Call extends Span {
  readonly kind: 'call';
  readonly name: string;
  readonly args: readonly Expr[];
}

export type Expr = NumberLit | Ident | Unary | Binary | Call;
