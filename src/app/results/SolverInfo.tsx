/** The solver's own words, and which backend ran which phase. */
import type { BackendReport, FitOutcome } from '../../worker/api';
import type { FitResult } from '../../fit/types';
import { formatNumber } from '../format/number';

const ROLE: Record<string, string> = { fit: 'Fit', polish: 'Polish (float64 QR)', refine: 'Refine (Gauss–Newton)' };

export function SolverInfo({ result, backend, varpro, poisson, resumed }: { readonly result: FitResult; readonly backend: BackendReport; readonly varpro: FitOutcome['varpro']; readonly poisson: FitOutcome['poisson']; readonly resumed?: FitOutcome['resumed'] }) {
  return (
    <div className="solver-info" data-testid="result-solver">
      <p className="solver-message" data-testid="solver-message">
        {result.message}
      </p>
      {resumed && (
        <p className="muted small" data-testid="result-resumed" data-nit={resumed.nit} data-nfev={resumed.nfev} data-total-nfev={result.nfev}>
          Resumed after iteration {resumed.nit} of an interrupted fit ({resumed.nfev} evaluations before the interruption, {result.nfev - resumed.nfev} after it); the counts below include both.
        </p>
      )}
      {poisson && (
        <p className="muted small" data-testid="result-poisson">
          Poisson maximum likelihood: Cash C = {formatNumber(poisson.cash, 6)}, deviance {formatNumber(poisson.deviance, 6)} on {result.stats.dof} degrees of freedom ({poisson.rounds} reweighting
          rounds{poisson.converged ? '' : ', not settled: the estimates may not be the maximum-likelihood ones'}); errors from the Fisher information, not rescaled by χ².
        </p>
      )}
      {varpro && (
        <p className="muted small" data-testid="result-varpro">
          VarPro first: {varpro.nonlinear.join(', ') || 'no nonlinear parameter'} fitted with {varpro.linear.join(', ') || 'nothing'} eliminated ({varpro.nit} iterations,{' '}
          {varpro.nfev} evaluations), then the full fit below from there.
        </p>
      )}
      <table className="result-table phases" data-testid="result-phases">
        <thead>
          <tr>
            <th scope="col">Phase</th>
            <th scope="col">Backend</th>
            <th scope="col">Linearization</th>
            <th scope="col" className="num-col">
              Iterations
            </th>
            <th scope="col" className="num-col">
              Evaluations
            </th>
            <th scope="col" className="num-col">
              Time
            </th>
          </tr>
        </thead>
        <tbody>
          {result.phases.map((p, i) => (
            <tr key={i} data-backend={p.backend}>
              <td>
                {ROLE[p.role] ?? p.role}
                {p.lost && <span className="flag flag-bound">lost</span>}
              </td>
              <td>{p.backend.toUpperCase()}</td>
              <td>{p.linearization === 'dense' ? 'dense QR' : 'normal equations'}</td>
              <td className="num-col">{p.nit}</td>
              <td className="num-col">{p.nfev}</td>
              <td className="num-col">{p.ms < 1000 ? `${p.ms.toFixed(0)} ms` : `${(p.ms / 1000).toFixed(2)} s`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small" data-testid="backend-reason">
        {backend.reason}
        {backend.cpuKernels === 'interpreted' && ' This page’s security policy forbids compiled code, so the CPU kernels ran interpreted: slower, same numbers.'}
        {backend.rowWorkers && ` The float64 passes ran on ${backend.rowWorkers.workers} row workers (${backend.rowWorkers.columns === 'shared' ? 'columns in shared memory' : 'each holding a copy of its rows'}); the results are one thread’s (to the last bit on the normal-equation path).`}
        {result.extendedPrecision && ' χ² was evaluated in double-double precision on the data as written.'}
      </p>
    </div>
  );
}
