/** Thrown input errors of the fitting core (FitInputError, SolverInputError) as status values. */
import type { WorkerError } from './api';

const PARAMETER_CODES = new Set(['bounds', 'missing-start', 'start', 'start-outside-bounds', 'unknown-parameter']);

/** The quoted parameter name in a message like `The start value of "tau" (…) is outside …`. */
function namedParameter(message: string, names: readonly string[]): string | undefined {
  for (const match of message.matchAll(/"([^"]+)"/g)) if (names.includes(match[1])) return match[1];
  return undefined;
}

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
