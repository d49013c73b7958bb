/**
 * What one model may ask of the page, so that no model or link can make the worker unanswerable
 * for minutes (a 3 339-parameter model on 4 000 rows took more than 240 s per fit, and its table
 * of 3 339 rows froze the page): the number of parameters, the size of the compiled tape (the
 * model with its derivatives), and the work of one pass over the data (rows × free parameters;
 * a pass costs about rows × k² / 2 multiply–adds). Each message says the limit and what to do.
 *
 * A link starts its fit on its own only well inside these limits (LINK_AUTO_*); a larger one
 * waits for the user's click on Fit.
 */
import type { WorkerError } from '../protocol/status';

export const MAX_PARAMETERS = 300;
export const MAX_TAPE = 40_000;
export const MAX_ROW_PARAMETERS = 200_000_000;

export const LINK_AUTO_PARAMETERS = 50;
export const LINK_AUTO_ROW_PARAMETERS = 10_000_000;

const count = (n: number) => n.toLocaleString('en-US');

export function parameterLimit(params: number): WorkerError | null {
  if (params <= MAX_PARAMETERS) return null;
  return {
    code: 'too-many-parameters',
    message: `The model has ${count(params)} parameters; Fitbench fits at most ${count(MAX_PARAMETERS)} in one model. Write the model with fewer parameters (share them between terms, or fit the parts separately).`,
    field: 'model',
  };
}

export function tapeLimit(instructions: number): WorkerError | null {
  if (instructions <= MAX_TAPE) return null;
  return {
    code: 'model-too-large',
    message: `The model with its derivatives compiles to ${count(instructions)} operations; Fitbench allows ${count(MAX_TAPE)}. Simplify the model (fewer terms, or products written as sums of logarithms).`,
    field: 'model',
  };
}

export function workLimit(rows: number, freeParams: number): WorkerError | null {
  if (rows * freeParams <= MAX_ROW_PARAMETERS) return null;
  return {
    code: 'too-much-work',
    message: `This fit would pass over ${count(rows)} rows × ${count(freeParams)} free parameters = ${count(rows * freeParams)} per step; Fitbench allows ${count(MAX_ROW_PARAMETERS)}. Fix some parameters, or fit a subset of the rows.`,
    field: 'parameter',
  };
}

/** Whether a link may start this fit on its own (else it waits for a click on Fit). */
export function linkMayAutoFit(rows: number, freeParams: number): boolean {
  return freeParams <= LINK_AUTO_PARAMETERS && rows * freeParams <= LINK_AUTO_ROW_PARAMETERS;
}
