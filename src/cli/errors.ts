/** A command-line input error: printed as one line naming the place and the fix, exit code 2. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** Exit codes: 0 converged, 1 the fit ran but did not converge, 2 bad input or usage. */
export const EXIT = { ok: 0, notConverged: 1, usage: 2 } as const;
