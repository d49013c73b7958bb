/** Fitted parameters: value ± standard error aligned on the ±, the 95% interval, flags. */
import type { FitResult } from '../../fit/types';
import { formatInterval, formatValueError } from '../format/valueError';

function Flags({ p }: { readonly p: FitResult['parameters'][number] }) {
  if (p.fixed) return <span className="flag flag-fixed">fixed</span>;
  if (p.atBound < 0) return <span className="flag flag-bound">at lower bound</span>;
  if (p.atBound > 0) return <span className="flag flag-bound">at upper bound</span>;
  if (!Number.isFinite(p.stderr)) return <span className="flag flag-bound">undetermined</span>;
  return null;
}

export function ParamTable({ result }: { readonly result: FitResult }) {
  const level = Math.round(result.confidenceLevel * 100);
  return (
    <table className="result-table param-results" data-testid="result-params">
      <thead>
        <tr>
          <th scope="col">Parameter</th>
          <th scope="col" className="num-col" colSpan={3}>
            Value ± std. error
          </th>
          <th scope="col" className="num-col">
            {level}% interval
          </th>
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
              <td className="num-col ci">{showCi ? formatInterval(p.ciLower, p.ciUpper, p.stderr) : '—'}</td>
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
