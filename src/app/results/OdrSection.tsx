/**
 * What an errors-in-variables fit adds to the results (issue 24), under ODRPACK's names so its
 * users find them (scipy.odr's Output; the CLI's JSON `odr`): the weighted sum of squares split
 * into its δ (x) and ε (y) parts, res_var, and whether the standard errors in the table are
 * sd_beta (scaled by res_var) or from the σ as given (Solver options › absolute σ).
 */
import type { OdrFacts } from '../../worker/api';
import { formatNumber } from '../format/number';
import { StatList, type Item } from './StatsGrid';


export function OdrSection({ odr }: { readonly odr: OdrFacts }) {
  const explicit = odr.kind === 'explicit';
  const items: Item[] = [
    ['sum_square', formatNumber(odr.sumSquares, 7), explicit ? 'Σ(δ/σx)² + Σ(ε/σy)², twice the cost' : 'Σ(δ/σ)² over every observed column'],
    ['sum_square_delta', formatNumber(odr.sumSquaresDelta, 7), `Σ(δ/σ)²: the moves in ${odr.observed.join(', ')}`],
    ...(explicit ? ([['sum_square_eps', formatNumber(odr.sumSquaresEps, 7), 'Σ(ε/σy)², ε = f(x + δ) − y']] as Item[]) : []),
    ['res_var', formatNumber(odr.resVar, 6, true), 'sum_square / (n − p)'],
    ['standard errors', odr.absoluteSigma ? 'from σ as given' : 'sd_beta', odr.absoluteSigma ? 'absolute σ: cov_beta unscaled' : '√diag(cov_beta · res_var), as ODRPACK reports'],
    ...(explicit && odr.startCost !== null ? ([['ordinary fit χ²', formatNumber(2 * odr.startCost, 7), 'the start, x errors ignored']] as Item[]) : []),
    ...(!explicit && odr.rounds !== null ? ([['rounds', String(odr.rounds), `augmented Lagrangian; largest distance left ${formatNumber(odr.constraintViolation ?? NaN, 2)} σ`]] as Item[]) : []),
  ];
  return (
    <section className="card" aria-label="Errors in both variables" data-testid="odr-facts">
      <h2 className="card-title">Errors in both variables (ODR)</h2>
      <p className="muted small">
        {explicit
          ? `Orthogonal distance regression: β and a correction δ of ${odr.observed.join(', ')} for every point, each point weighed by its σ in x and y (Boggs, Byrd & Schnabel 1987, as ODRPACK and scipy.odr).`
          : `Implicit model g = 0: every column observed (${odr.observed.join(', ')}); each point moved to the curve by the shortest distance in σ units (ODRPACK's implicit mode).`}
      </p>
      <StatList items={items} />
    </section>
  );
}
