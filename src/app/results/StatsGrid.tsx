/** Goodness of fit and the solver's accounting. */
import type { FitResult } from '../../fit/types';
import type { PoissonFacts } from '../../worker/api';
import { poissonStatRows } from '../../stats/poissonStatRows';
import { formatNumber } from '../format/number';
import { formatCount } from '../format/count';

export type Item = [string, string, string];

/**
 * A Poisson likelihood fit (Solver options › Objective) has no σ and no sum of squares to
 * minimise: its statistics are the likelihood's, as R's glm(…, family = poisson) reports them
 * (src/stats/poissonGoodness.ts). R², Sy.x and the least-squares AICs have no meaning there.
 */
function poissonItems(result: FitResult, p: PoissonFacts): Item[] {
  return poissonStatRows(result.stats, p).map((row) => [row.label, formatNumber(row.value ?? NaN, row.digits), row.note]);
}

export function StatsGrid({ result, weighted, poisson = null }: { readonly result: FitResult; readonly weighted: boolean; readonly poisson?: PoissonFacts | null }) {
  const s = result.stats;
  const tail: Item[] = [
    ['points / free', `${formatCount(s.points)} / ${s.freeParameters}`, ''],
    ['evaluations', `${result.nfev}`, `${result.nit} iterations, ${result.njev} Jacobians`],
  ];
  const items: Item[] = poisson ? [...poissonItems(result, poisson), ...tail] : [
    ['χ²', formatNumber(s.chi2, 5), weighted ? 'Σ((y − f)/σ)²' : 'Σ(y − f)²'],
    // Trailing zeros kept where values sit near 1: 1.0000847 reads "1.000", not an exact "1".
    ['reduced χ²', formatNumber(s.redchi2, 4, true), `χ² / ν, ν = ${s.dof}`],
    ['R²', formatNumber(s.r2, 6), weighted ? 'weighted' : ''],
    ['adjusted R²', formatNumber(s.adjR2, 6), ''],
    ['Sy.x', formatNumber(s.syx ?? NaN, 4, true), weighted ? '√(χ² / (n − k)), residual std. error' : '√(Σ(y − f)² / (n − k)), residual std. error'],
    ['RMSE', formatNumber(s.rmse, 4, true), '√(Σ(y − f)² / n): divides by n, not n − k'],
    ['AIC', formatNumber(s.aic, 5), "lmfit's: n·ln(χ²/n) + 2k, no constant"],
    ['BIC', formatNumber(s.bic, 5), "lmfit's: n·ln(χ²/n) + k·ln n"],
    ['AIC (R)', formatNumber(s.aicR ?? NaN, 5), "R's AIC(nls): −2 ln L + 2(k + 1), σ counted"],
    ['BIC (R)', formatNumber(s.bicR ?? NaN, 5), "R's BIC(nls): −2 ln L + (k + 1)·ln n"],
    ['AICc', formatNumber(s.aicc ?? NaN, 5), 'AIC (R) + 2K(K + 1)/(n − K − 1), K = k + 1'],
    ...tail,
  ];
  return (
    <StatList items={items} testId="result-stats" objective={poisson ? 'poisson' : 'least-squares'} />
  );
}

/** Statistics as a grid of name, value and a note on what it is (the results' and the ODR card's). */
export function StatList({ items, testId, objective }: { readonly items: readonly Item[]; readonly testId?: string; readonly objective?: string }) {
  return (
    <dl className="stats-grid" data-testid={testId} data-objective={objective}>
      {items.map(([k, v, note]) => (
        <div className="stat" key={k} data-stat={k}>
          <dt>{k}</dt>
          <dd>
            <span className="stat-value">{v}</span>
            {note && <span className="stat-note">{note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
