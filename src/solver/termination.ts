/**
 * Termination tests and status codes of scipy.optimize.least_squares, with messages that state
 * the numbers (the Ceres convention: `ftol reached: |Δcost|/cost = 3.1e-16 ≤ 1e-15`).
 *
 * Status: −2 cancelled (ours), −1 improper input, 0 max_nfev reached, 1 gtol, 2 ftol, 3 xtol,
 * 4 ftol and xtol.
 */

export type Status = -2 | -1 | 0 | 1 | 2 | 3 | 4;

export interface TerminationCheck {
  status: 2 | 3 | 4;
  /** |Δcost| / cost */
  relativeReduction: number;
  /** ‖Δx‖ / (xtol + ‖x‖) */
  relativeStep: number;
}

/**
 * scipy's check_termination: ftol when dF < ftol·F and the step was good (ratio > ¼), xtol when
 * ‖dx‖ < xtol·(xtol + ‖x‖).
 */
export function checkTermination(
  dF: number,
  F: number,
  dxNorm: number,
  xNorm: number,
  ratio: number,
  ftol: number,
  xtol: number,
): TerminationCheck | null {
  const ftolSatisfied = dF < ftol * F && ratio > 0.25;
  const xtolSatisfied = dxNorm < xtol * (xtol + xNorm);
  const relativeReduction = F > 0 ? dF / F : 0;
  const relativeStep = dxNorm / (xtol + xNorm);
  if (ftolSatisfied && xtolSatisfied) return { status: 4, relativeReduction, relativeStep };
  if (ftolSatisfied) return { status: 2, relativeReduction, relativeStep };
  if (xtolSatisfied) return { status: 3, relativeReduction, relativeStep };
  return null;
}

const fmt = (v: number) => v.toExponential(1);

export interface MessageFacts {
  status: Status;
  ftol: number;
  xtol: number;
  gtol: number;
  maxNfev: number;
  gradientNorm: number;
  relativeReduction: number;
  relativeStep: number;
  /** The ftol test was passed by the predicted reduction of a step too small to evaluate (trf.ts). */
  predicted?: boolean;
}

/** A message in scipy's words, with the numbers that triggered it. */
export function terminationMessage(f: MessageFacts): string {
  switch (f.status) {
    case -2:
      return 'Cancelled; the result holds the last accepted parameters.';
    case -1:
      return 'Improper input parameters status returned from the solver.';
    case 0:
      return `The maximum number of function evaluations is exceeded (max_nfev = ${f.maxNfev}).`;
    case 1:
      return `\`gtol\` termination condition is satisfied: ‖g_scaled‖∞ = ${fmt(f.gradientNorm)} < ${fmt(f.gtol)}.`;
    case 2:
      if (f.predicted) {
        return (
          `\`ftol\` termination condition is satisfied: the next step's predicted |Δcost|/cost = ${fmt(f.relativeReduction)} < ${fmt(f.ftol)}, ` +
          'below the rounding of the cost itself, so it was taken without evaluating it.'
        );
      }
      return `\`ftol\` termination condition is satisfied: |Δcost|/cost = ${fmt(f.relativeReduction)} < ${fmt(f.ftol)}.`;
    case 3:
      return `\`xtol\` termination condition is satisfied: ‖Δx‖/(xtol + ‖x‖) = ${fmt(f.relativeStep)} < ${fmt(f.xtol)}.`;
    case 4:
      return (
        `Both \`ftol\` and \`xtol\` termination conditions are satisfied: |Δcost|/cost = ` +
        `${fmt(f.relativeReduction)} < ${fmt(f.ftol)}, ‖Δx‖/(xtol + ‖x‖) = ${fmt(f.relativeStep)} < ${fmt(f.xtol)}.`
      );
  }
}
