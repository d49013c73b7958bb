/**
 * What each failure of an ODE model's statements says (issue 23): the message with its place
 * (line:column) and the fix in words, in the style of parseErrors.ts. Errors of the expressions
 * themselves come from the expression parser unchanged, at their true places in the model.
 */
import type { Span } from './ast';
import { lineColumn, type ModelError, type ModelErrorCode } from './errors';
import { closest } from './suggest';

export type StatementErrorCode =
  | 'no-relation' // a statement with neither "=" nor "~"
  | 'bad-left-side' // the left of "=" / "~" is none of dX/dt, X(t0), NAME, COL
  | 'empty-right-side' // nothing after "=" or "~"
  | 'no-states' // no dX/dt = … at all
  | 'duplicate-state' // dX/dt twice
  | 'duplicate-initial' // X(t0) twice
  | 'missing-initial' // a state without X(t0) = …
  | 'undeclared-state' // X(t0) = … for an X that has no rate
  | 'initial-time' // X(t0) with t0 not a number
  | 'initial-time-mismatch' // initial values at different times
  | 'initial-not-constant' // X(t0) = … using a state, t or an intermediate
  | 'used-before-definition' // an intermediate used above its definition
  | 'duplicate-name' // an intermediate defined twice, or named like a state
  | 'reserved-name' // a state or intermediate named t, pi, e or like a function
  | 'observes-nothing' // "~" without a column, or whose expression holds no state
  | 'unknown-column' // COL ~ … with COL not among the data columns
  | 'duplicate-observation' // COL ~ … twice
  | 'no-observation'; // several states and no "~" line

export interface StatementError extends Omit<ModelError, 'code'> {
  readonly code: ModelErrorCode | StatementErrorCode;
}

function at(text: string, code: StatementErrorCode, span: Span, describe: (place: string) => string, hint?: string): StatementError {
  const { line, column } = lineColumn(text, span.start);
  const message = describe(`${line}:${column}`);
  const base = { code, message, start: span.start, end: span.end, line, column };
  return hint === undefined ? base : { ...base, hint };
}

/** A plausible typo's target among user names (case kept; single letters suggest nothing). */
function closestName(name: string, names: readonly string[]): string | undefined {
  if (name.length < 2) return undefined;
  const guess = closest(name, names.map((n) => n.toLowerCase()));
  return guess === undefined ? undefined : names.find((n) => n.toLowerCase() === guess);
}

const place = (text: string, span: Span): string => {
  const { line, column } = lineColumn(text, span.start);
  return `${line}:${column}`;
};

const FORMS = 'a statement is dX/dt = …, X(t0) = …, COLUMN ~ … or name = …';

export const noRelation = (text: string, s: Span): StatementError =>
  at(text, 'no-relation', s, (p) => `Statement at ${p} has no "=" or "~"`, FORMS);

export const badLeftSide = (text: string, s: Span, left: string): StatementError =>
  at(text, 'bad-left-side', s, (p) => `Cannot read "${left}" at ${p} as the left side of a statement`, FORMS);

export const emptyRightSide = (text: string, s: Span, op: string): StatementError =>
  at(text, 'empty-right-side', s, (p) => `Nothing after "${op}" at ${p}`, op === '~' ? 'write the expression that models the column, e.g. conc ~ A/V' : 'write an expression after it');

export const noStates = (text: string): StatementError =>
  at(text, 'no-states', { start: 0, end: 0 }, () => 'The model declares no state', 'declare each state with its rate, e.g. dA/dt = -k*A, and its initial value, A(0) = A0');

export const duplicateState = (text: string, s: Span, name: string, first: Span): StatementError =>
  at(text, 'duplicate-state', s, (p) => `State "${name}" gets a second rate at ${p} (the first is at ${place(text, first)})`, 'keep one dX/dt line per state; add the terms into one rate');

export const duplicateInitial = (text: string, s: Span, name: string, first: Span): StatementError =>
  at(text, 'duplicate-initial', s, (p) => `State "${name}" gets a second initial value at ${p} (the first is at ${place(text, first)})`, 'keep one initial value per state');

export const missingInitial = (text: string, s: Span, name: string, t0: string): StatementError =>
  at(text, 'missing-initial', s, (p) => `State "${name}" declared at ${p} has no initial value`, `add a line ${name}(${t0}) = … (a number or a parameter such as ${name}0)`);

export function undeclaredState(text: string, s: Span, name: string, states: readonly string[]): StatementError {
  const guess = closestName(name, states);
  const hint = guess !== undefined ? `did you mean "${guess}"?` : `declare it with d${name}/dt = …`;
  return at(text, 'undeclared-state', s, (p) => `Initial value at ${p} for "${name}", which is not a state`, hint);
}

export const initialTime = (text: string, s: Span, got: string): StatementError =>
  at(text, 'initial-time', s, (p) => `The initial time "${got}" at ${p} is not a number`, 'give the time as a number, e.g. A(0) = A0 or H(1900) = H0');

export const initialTimeMismatch = (text: string, s: Span, t0: number, first: Span, t1: number): StatementError =>
  at(text, 'initial-time-mismatch', s, (p) => `Initial value at ${p} is given at t = ${t1}, the one at ${place(text, first)} at t = ${t0}`, 'give every initial value at the same time');

export const initialNotConstant = (text: string, s: Span, name: string, what: string): StatementError =>
  at(text, 'initial-not-constant', s, (p) => `The initial value uses the ${what} "${name}" at ${p}`, 'an initial value holds numbers, parameters and intermediates of parameters only');

export const usedBeforeDefinition = (text: string, use: Span, name: string, def: Span): StatementError =>
  at(text, 'used-before-definition', use, (p) => `"${name}" is used at ${p} before its definition at ${place(text, def)}`, `move the line ${name} = … above its first use`);

export const duplicateName = (text: string, s: Span, name: string, first: Span, asState: boolean): StatementError =>
  at(text, 'duplicate-name', s, (p) => asState
    ? `"${name}" at ${p} is already a state (declared at ${place(text, first)})`
    : `"${name}" is defined again at ${p} (first at ${place(text, first)})`, asState ? `give the intermediate another name, e.g. ${name}_` : 'define each name once');

export const reservedName = (text: string, s: Span, name: string, why: string): StatementError =>
  at(text, 'reserved-name', s, (p) => `"${name}" at ${p} cannot name a state or an intermediate: it is ${why}`, 'choose another name');

export const observesNothing = (text: string, s: Span, what: string): StatementError =>
  at(text, 'observes-nothing', s, (p) => `The observation at ${p} ${what}`, 'write COLUMN ~ expression of the states, e.g. Hare ~ H');

export function unknownColumn(text: string, s: Span, name: string, columns: readonly string[]): StatementError {
  const guess = closestName(name, columns);
  const hint = guess !== undefined ? `did you mean "${guess}"?` : `the data columns are ${columns.join(', ')}`;
  return at(text, 'unknown-column', s, (p) => `Observed column "${name}" at ${p} is not in the data`, hint);
}

export const duplicateObservation = (text: string, s: Span, name: string, first: Span): StatementError =>
  at(text, 'duplicate-observation', s, (p) => `Column "${name}" is observed again at ${p} (first at ${place(text, first)})`, 'observe each column once');

export const noObservation = (text: string, states: readonly string[]): StatementError =>
  at(text, 'no-observation', { start: 0, end: 0 }, () => `With ${states.length} states the model must say which columns they model`, `add lines such as COLUMN ~ ${states[0]}`);
