/**
 * How the fit job answers the page (issue 22): a `Status` value, `{ ok: true, value }` or
 * `{ ok: false, error }` with a `WorkerError` that names the control to change. Expected failures
 * cross the worker boundary as these plain values; no class is thrown across it (Comlink copies
 * plain data only). `toWorkerError` turns the core's thrown input errors into one.
 */

export interface WorkerError {
  /** Stable code: a data code ('header-only', 'no-usable-rows'…), a model code, a fit input code
   *  ('start-outside-bounds', 'nonfinite-x0'…), or 'no-data' / 'no-model' / 'internal'. */
  readonly code: string;
  readonly message: string;
  /** 1-based line of the file the error points at. */
  readonly line?: number;
  /** The parameter the error concerns, when it names one. */
  readonly param?: string;
  /** The control the error concerns. */
  readonly field?: 'data' | 'mapping' | 'model' | 'parameter' | 'settings' | 'assay';
}

export type Status<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: WorkerError };

const PARAMETER_CODES = new Set(['bounds', 'missing-start', 'start', 'start-outside-bounds', 'unknown-parameter']);

/** The quoted parameter name in a message like `The start value of "tau" (…) is outside …`. */
function namedParameter(message: string, names: readonly string[]): string | undefined {
  for (const match of message.matchAll(/"([^"]+)"/g)) if (names.includes(match[1])) return match[1];
  return undefined;
}

/** A thrown input error of the fitting core (FitInputError, SolverInputError: a `code`) as a status error; anything else is 'internal'. */
export function toWorkerError(error: unknown, paramNames: readonly string[]): WorkerError {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    const param = namedParameter(error.message, paramNames);
    const field = param !== undefined || PARAMETER_CODES.has(error.code) ? 'parameter' : error.code === 'f-scale' || error.code === 'loss' ? 'settings' : undefined;
    return {
      code: error.code,
      message: error.message,
      ...(param !== undefined ? { param } : {}),
      ...(field !== undefined ? { field } : {}),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `Internal error: ${message}` };
}
