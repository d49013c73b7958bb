/** Goodness of fit and the solver's accounting. */
import type { FitResult } from '../../fit/types';
import { formatNumber } from '../format/number';

export function StatsGrid({ result, weighted }: { readonly result: FitResult; readonly weighted: boolean }) {
  const s = result.stats;
  const items: [string, string, string][] = [
    ['χ²', formatNumber(s.chi2, 5), weighted ? 'Σ((y − f)/σ)²' : 'Σ(y − f)²'],
    ['reduced χ²', formatNumber(s.redchi2, 4), `χ² / ν, ν = ${s.dof}`],
    ['R²', formatNumber(s.r2, 6), weighted ? 'weighted' : ''],
    ['adjusted R²', formatNumber(s.adjR2, 6), ''],
    ['RMSE', formatNumber(s.rmse, 4), '√(Σ(y − f)² / n)'],
    ['AIC', formatNumber(s.aic, 5), ''],
    ['BIC', formatNumber(s.bic, 5), ''],
    ['points / free', `${s.points.toLocaleString('en-US')} / ${s.freeParameters}`, ''],
    ['evaluations', `${result.nfev}`, `${result.nit} iterations, ${result.njev} Jacobians`],
  ];
  return (
    <dl className="stats-grid" data-testid="result-stats">
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
