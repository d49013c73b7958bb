/**
 * Fitted parameters: value ± standard error aligned on the ±, % error, t and its two-sided p value
 * (Student t, n − k dof, as R's summary.nls; for a Poisson likelihood fit z and the normal, as R's
 * summary.glm), the 95% interval, the bootstrap interval the assay card chose (issue 26), flags.
 */
import type { FitResult } from '../../fit/types';
import { formatNumber } from '../format/number';
import { formatInterval, formatValueError } from '../format/valueError';
import { INTERVAL_TITLES, INTERVAL_WORDS, type IntervalChoice } from '../assay/shownInterval';

/** p values as R prints them: small ones in exponent form, below 1e-300 as "< 1e-300". */
function formatP(p: number | undefined): string {
  if (p === undefined || !Number.isFinite(p)) return '—';
  if (p < 1e-300) return '< 1e-300';
  return p < 1e-3 ? p.toExponential(2) : p.toFixed(4);
}

function Flags({ p }: { readonly p: FitResult['parameters'][number] }) {
  if (p.fixed) return <span className="flag flag-fixed">fixed</span>;
  if (p.atBound < 0) return <span className="flag flag-bound">at lower bound</span>;
  if (p.atBound > 0) return <span className="flag flag-bound">at upper bound</span>;
  if (!Number.isFinite(p.stderr)) return <span className="flag flag-bound">undetermined</span>;
  return null;
}

/** `bootstrap`: the parameters' bootstrap intervals (issue 26) and which interval they are, a column when given. */
export function ParamTable({ result, bootstrap: shown = null }: { readonly result: FitResult; readonly bootstrap?: { readonly interval: IntervalChoice; readonly ends: Readonly<Record<string, readonly [number, number]>> } | null }) {
  const bootstrap = shown?.ends ?? null;
  const level = Math.round(result.confidenceLevel * 100);
  const z = result.statistic === 'z';
  return (
    <table className="result-table param-results" data-testid="result-params">
      <thead>
        <tr>
          <th scope="col">Parameter</th>
          <th scope="col" className="num-col" colSpan={3}>
            Value ± std. error
          </th>
          <th scope="col" className="num-col" title="100 · std. error / |value|">
            % error
          </th>
          <th scope="col" className="num-col t-head" title="value / std. error">
            {z ? 'z' : 't'}
          </th>
          <th scope="col" className="num-col" title={z ? 'two-sided p value of z, standard normal (likelihood fit; H₀: parameter = 0)' : 'two-sided p value of t, Student t with n − k degrees of freedom (H₀: parameter = 0)'}>
            p
          </th>
          <th scope="col" className="num-col" title={z ? 'value ± z·std. error, z the normal quantile' : 'value ± t·std. error, t the Student t quantile'}>
            {level}% interval
          </th>
          {shown && (
            <th scope="col" className="num-col" title={INTERVAL_TITLES[shown.interval]} data-testid="result-bootstrap-head" data-interval={shown.interval}>
              {level}% bootstrap {INTERVAL_WORDS[shown.interval]}
            </th>
          )}
          <th scope="col">
            <span className="visually-hidden">Notes</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {result.parameters.map((p) => {
          const ve = formatValueError(p.value, p.stderr);
          const showCi = !p.fixed && Number.isFinite(p.ciLower) && Number.isFinite(p.ciUpper);
          return (
            <tr key={p.name} data-testid={`result-param-${p.name}`} data-value={String(p.value)} data-stderr={String(p.stderr)}>
              <th scope="row">
                <code>{p.name}</code>
              </th>
              <td className="ve-value">{ve.exponent ? `(${ve.value}` : ve.value}</td>
              <td className="ve-pm">{ve.error ? '±' : ''}</td>
              <td className="ve-error">
                {ve.error}
                {ve.exponent ? `)${ve.exponent}` : ''}
              </td>
              <td className="num-col pct-error">{p.fixed || !Number.isFinite(p.percentError ?? NaN) ? '—' : `${formatNumber(p.percentError as number, 3)}%`}</td>
              <td className="num-col t-value">{p.fixed || !Number.isFinite(p.tStat ?? NaN) ? '—' : formatNumber(p.tStat as number, 4)}</td>
              <td className="num-col p-value">{p.fixed ? '—' : formatP(p.pValue)}</td>
              <td className="num-col ci">{showCi ? formatInterval(p.ciLower, p.ciUpper, p.stderr) : '—'}</td>
              {bootstrap && (
                <td className="num-col ci-bootstrap" data-testid={`result-bootstrap-${p.name}`} data-lower={String(bootstrap[p.name]?.[0])} data-upper={String(bootstrap[p.name]?.[1])}>
                  {bootstrap[p.name] ? formatInterval(bootstrap[p.name][0], bootstrap[p.name][1], p.stderr) : '—'}
                </td>
              )}
              <td>
                <Flags p={p} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
