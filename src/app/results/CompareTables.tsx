/**
 * The numbers behind the model comparison's verdict: each model's fitted parameters, χ², degrees
 * of freedom, AICc and Akaike weight (the preferred one marked), and the second model's parameters
 * with their standard errors.
 */
import type { FitResult } from '../../fit/types';
import type { PageModelComparison } from '../../worker/api';
import { formatNumber } from '../format/number';
import { formatValueError, valueErrorText } from '../format/valueError';

const percent = (w: number) => (w > 0.999 ? '> 99.9%' : w < 0.001 ? '< 0.1%' : `${(100 * w).toFixed(1)}%`);

export function CompareTables({ result, first }: { readonly result: PageModelComparison; readonly first: FitResult }) {
  const c = result.comparison;
  return (
    <>
      <div className="table-scroll">
        <table className="result-table compare-table" data-testid="compare-table">
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col" className="num-col" title="fitted (free) parameters">
                k
              </th>
              <th scope="col" className="num-col">
                χ²
              </th>
              <th scope="col" className="num-col" title="degrees of freedom, n − k">
                dof
              </th>
              <th scope="col" className="num-col" title="AIC with the small-sample correction (R's convention, σ counted)">
                AICc
              </th>
              <th scope="col" className="num-col" title="Akaike weight: how likely this is the better of the two">
                Weight
              </th>
            </tr>
          </thead>
          <tbody>
            {c.models.map((m, i) => (
              <tr key={i} className={c.preferred === i ? 'compare-preferred' : undefined} data-testid={`compare-row-${i}`} data-chi2={String(m.chi2)} data-aicc={String(m.aicc)}>
                <th scope="row" className="compare-model-head">
                  <div className="compare-model-cell">
                    <span className="compare-which">{i === 0 ? 'This fit' : 'Second'}</span>
                    <code>{m.label}</code>
                    {c.preferred === i && <span className="badge badge-converged compare-badge">preferred</span>}
                    {!m.success && <span className="badge badge-failed compare-badge">did not converge</span>}
                  </div>
                </th>
                <td className="num-col">{m.parameters}</td>
                <td className="num-col">{formatNumber(m.chi2, 6)}</td>
                <td className="num-col">{m.dof}</td>
                <td className="num-col">{Number.isFinite(m.aicc) ? m.aicc.toFixed(2) : '—'}</td>
                <td className="num-col">{percent(m.weight)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details className="compare-details">
        <summary>Parameters of the second model</summary>
        <div className="table-scroll">
          <table className="result-table" data-testid="compare-params">
            <tbody>
              {result.second.parameters.map((p) => {
                const ve = formatValueError(p.value, p.stderr);
                const mine = first.parameters.find((q) => q.name === p.name);
                return (
                  <tr key={p.name}>
                    <th scope="row">
                      <code>{p.name}</code>
                    </th>
                    <td className="num-col">{p.fixed ? `${formatNumber(p.value, 6)} (fixed)` : valueErrorText(ve)}</td>
                    <td className="muted small">{mine ? `this fit: ${formatNumber(mine.value, 5)}` : ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
