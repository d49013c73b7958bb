/**
 * The JSON's `odr` object (issue 24): what an errors-in-variables fit adds to the fields every
 * fit has, under ODRPACK's names (scipy.odr's Output: sum_square, sum_square_delta,
 * sum_square_eps, res_var, sd_beta, cov_beta) so that its users find them. δ and ε per row only
 * when asked (--deltas): at 10⁶ rows they are tens of megabytes of JSON.
 */
import type { OdrResult } from '../../fit/odr';
import { finite } from './json';

export type OdrJson = ReturnType<typeof odrJson>;

export function odrJson(r: OdrResult, perRow: boolean) {
  const p = r.free.length;
  const l = r.observed.length;
  const sdBeta = Object.fromEntries(r.names.flatMap((name, i) => (r.free.includes(name) ? [[name, finite(r.sdBeta[i])]] : [])));
  const covBeta = Array.from({ length: p }, (_, a) => Array.from(r.covBeta.subarray(a * p, a * p + p), finite));
  const rows = perRow
    ? {
        delta: Object.fromEntries(r.observed.map((name, j) => [name, Array.from({ length: r.rows }, (_, i) => r.delta[i * l + j])])),
        ...(r.kind === 'explicit' ? { eps: Array.from(r.eps) } : {}),
      }
    : {};
  return {
    kind: r.kind,
    observed: r.observed,
    sum_square: r.sumSquares,
    sum_square_delta: r.sumSquaresDelta,
    sum_square_eps: r.sumSquaresEps,
    res_var: finite(r.resVar),
    sd_beta: sdBeta,
    cov_beta: covBeta,
    ...(r.kind === 'explicit' ? { startCost: r.startFit ? finite(r.startFit.cost) : null } : { rounds: r.rounds ?? 0, constraintViolation: finite(r.constraintViolation ?? NaN) }),
    ...rows,
  };
}
