/**
 * Derived quantities (issue 10): type `half = ln(2)/k` (one per line) and read its value with a
 * delta-method standard error and interval, computed from this fit as the CLI's --derive does
 * (src/fit/derived.ts). The results JSON and the fitbench command export include them. Tied
 * parameters (issue 10, a tie per parameter row) come first, marked "tied", as the CLI's --tie.
 */
import { useMemo } from 'react';
import type { FitResult } from '../../fit/types';
import { useApp } from '../../state';
import { pageDerived } from '../../state/derivedQuantities';
import { setDerivedText } from '../../state/actions/derived';
import { tiedModel } from '../../state/ties';
import { formatNumber } from '../format/number';
import { formatInterval, formatValueError, valueErrorText } from '../format/valueError';

export function DerivedSection({ result }: { readonly result: FitResult }) {
  const text = useApp((s) => s.derivedText);
  const ties = useApp((s) => tiedModel(s).active);
  const derived = useMemo(() => pageDerived(text, result, ties), [text, result, ties]);
  const level = Math.round(result.confidenceLevel * 100);
  const example = result.free.length >= 2 ? `ratio = ${result.free[0]}/${result.free[1]}` : result.free.length === 1 ? `half = ln(2)/${result.free[0]}` : 'half = ln(2)/k';
  return (
    <section className="card derived-card" aria-labelledby="derived-title" data-testid="derived-section">
      <h2 className="card-title" id="derived-title">
        Derived quantities
      </h2>
      <label className="derived-field">
        <span className="muted small">
          One per line, <code>name = expression</code> of the parameters (e.g. <code>{example}</code>); the standard error comes from the covariance by the delta method.
        </span>
        <textarea
          className="input mono derived-input"
          // Grows with the entries (up to 8 lines) so that none scrolls out of sight.
          rows={Math.min(8, Math.max(2, text.split('\n').length))}
          value={text}
          placeholder={example}
          spellCheck={false}
          aria-invalid={derived.errors.length > 0}
          onChange={(e) => setDerivedText(e.target.value)}
          data-testid="derived-input"
        />
      </label>
      {derived.errors.map((e) => (
        <p key={e.entry} className="field-error" role="alert" data-testid="derived-error">
          Entry {e.entry}: {e.message}
        </p>
      ))}
      {derived.quantities.length > 0 && (
        <div className="table-scroll">
          <table className="result-table derived-table" data-testid="derived-table">
            <thead>
              <tr>
                <th scope="col">Quantity</th>
                <th scope="col" className="num-col">
                  Value ± std. error
                </th>
                <th scope="col" className="num-col">
                  {level}% interval
                </th>
                <th scope="col" className="derived-expression-col">
                  Expression
                </th>
              </tr>
            </thead>
            <tbody>
              {derived.quantities.map((q) => {
                const ve = formatValueError(q.value, q.stderr);
                const finite = Number.isFinite(q.stderr);
                return (
                  <tr key={q.name} className={q.tied ? 'is-tied' : undefined} data-testid={`derived-row-${q.name}`} data-value={String(q.value)} data-stderr={String(q.stderr)} data-tied={q.tied ? 'true' : undefined}>
                    <th scope="row">
                      <code>{q.name}</code>
                      {q.tied && (
                        <span className="tied-tag" title={`${q.name} is tied: not fitted, computed from the fitted parameters`}>
                          tied
                        </span>
                      )}
                    </th>
                    <td className="num-col">{finite ? valueErrorText(ve) : `${formatNumber(q.value, 6)} ± undetermined`}</td>
                    <td className="num-col">{finite && q.stderr > 0 ? formatInterval(q.ciLower, q.ciUpper, q.stderr) : '—'}</td>
                    <td className="derived-expression-col">
                      <code className="derived-expression">{q.expression}</code>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
