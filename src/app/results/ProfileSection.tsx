/**
 * Profile-likelihood intervals on the page (issue 10): a button profiles the last fit in the
 * worker (progress, Cancel); the table then puts each parameter's profile interval beside its Wald
 * interval (value ± t·se), and a plot shows one parameter's profile at a time.
 */
import { useMemo, useState } from 'react';
import type { FitOutcome } from '../../worker/api';
import { profilePlotData } from '../../stats/profilePlot';
import { useApp } from '../../state';
import { cancelProfile, runProfile } from '../../state/actions/uncertainty';
import { profileProgressText } from '../../state/slices/uncertainty';
import { formatNumber } from '../format/number';
import { formatInterval } from '../format/valueError';
import { PlotlyChart } from '../plot/PlotlyChart';
import { profileFigure } from './profileFigure';

/** "[197.3, 229.3]" rounded like the parameter table (to the error's second digit); an open end as ∞. */
function interval(lo: number | null, hi: number | null, se: number): string {
  if (lo !== null && hi !== null && Number.isFinite(se) && se > 0) return formatInterval(lo, hi, se);
  return `[${lo === null ? '−∞' : formatNumber(lo, 5)}, ${hi === null ? '∞' : formatNumber(hi, 5)}]`;
}

export function ProfileSection({ outcome }: { readonly outcome: FitOutcome }) {
  const run = useApp((s) => s.profileRun);
  // One run at a time in the worker: a comparison in progress would be cancelled by a profile.
  const busy = useApp((s) => s.fitStatus === 'running' || s.batchStatus === 'running' || s.modelCompare.status === 'running');
  const r = outcome.result;
  const mine = run.outcome === outcome;
  const level = Math.round(r.confidenceLevel * 100);
  const result = mine && run.status === 'done' ? run.result : null;
  const [picked, setPicked] = useState<string | null>(null);
  const shown = result ? (result.profiles.find((p) => p.name === picked) ?? result.profiles[0]) : null;
  const figure = useMemo(() => {
    if (!shown) return null;
    const p = r.parameters.find((q) => q.name === shown.name);
    return profileFigure(profilePlotData({ name: shown.name, profile: shown, estimate: p?.value ?? NaN, se: p?.stderr ?? NaN, cutoff: r.tValue }), level);
  }, [shown, r, level]);

  return (
    <section className="card profile-card" aria-labelledby="profile-title" data-testid="profile-section" data-status={mine ? run.status : 'idle'}>
      <header className="results-head">
        <h2 className="card-title" id="profile-title">
          Profile-likelihood intervals
        </h2>
        {!(mine && run.status === 'running') && (
          <button type="button" className="btn btn-small" disabled={busy || r.free.length === 0} onClick={() => void runProfile()} data-testid="profile-button">
            {result ? 'Profile again' : 'Profile intervals'}
          </button>
        )}
        {mine && run.status === 'running' && (
          <>
            <span className="muted small" data-testid="profile-progress" role="status">
              {profileProgressText(run.progress)}
            </span>
            <button type="button" className="btn btn-small btn-cancel" onClick={cancelProfile} data-testid="profile-cancel">
              Cancel
            </button>
          </>
        )}
      </header>
      {!result && !(mine && run.status === 'running') && (
        <p className="muted small profile-intro">
          The intervals above are Wald intervals (value ± t·se), symmetric by construction. Profile-likelihood intervals refit the other parameters with each one held at a series of values (Bates &amp; Watts; R’s
          confint.nls) and are asymmetric where the model is curved: more honest for nonlinear fits. It takes a few dozen refits per parameter.
        </p>
      )}
      {mine && run.status === 'cancelled' && (
        <p className="muted small" data-testid="profile-cancelled">
          Profiling was cancelled. Press Profile intervals to run it again.
        </p>
      )}
      {mine && run.status === 'error' && run.error && (
        <p className="field-error" role="alert" data-testid="profile-error">
          {run.error.message}
        </p>
      )}
      {result && (
        <>
          <div className="table-scroll">
            <table className="result-table profile-table" data-testid="profile-table">
              <thead>
                <tr>
                  <th scope="col">Parameter</th>
                  <th scope="col" className="num-col">
                    Value
                  </th>
                  <th scope="col" className="num-col" title="value ± t·(standard error): symmetric">
                    {level}% Wald interval
                  </th>
                  <th scope="col" className="num-col" title="where the profile t statistic stays within ±t: asymmetric where the model is curved">
                    {level}% profile interval
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Plot</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.profiles.map((q) => {
                  const p = r.parameters.find((x) => x.name === q.name);
                  const wald = p && Number.isFinite(p.ciLower) && Number.isFinite(p.ciUpper) ? interval(p.ciLower, p.ciUpper, p.stderr) : '—';
                  return (
                    <tr key={q.name} data-testid={`profile-row-${q.name}`} data-lower={String(q.lower)} data-upper={String(q.upper)}>
                      <th scope="row">
                        <code>{q.name}</code>
                      </th>
                      <td className="num-col">{p ? formatNumber(p.value, 6) : '—'}</td>
                      <td className="num-col ci-wald">{wald}</td>
                      <td className="num-col ci-profile">{q.lower === null && q.upper === null ? '—' : interval(q.lower, q.upper, p?.stderr ?? NaN)}</td>
                      <td>
                        <button type="button" className="btn btn-small" aria-pressed={shown?.name === q.name} onClick={() => setPicked(q.name)} data-testid={`profile-plot-${q.name}`}>
                          Plot
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {result.warnings.length > 0 && (
            <ul className="advice" data-testid="profile-warnings">
              {result.warnings.map((w) => (
                <li key={w} className="advice-item advice-warning">
                  {w}
                </li>
              ))}
            </ul>
          )}
          {figure && shown && (
            <figure className="profile-figure">
              <figcaption className="muted small">
                Profile of <code>{shown.name}</code>: τ against {shown.name}; the interval is where the curve stays between the dotted ±t lines. The dashed line is the straight profile a linear model would have (the Wald interval).
              </figcaption>
              <PlotlyChart data={figure.data} layout={figure.layout} className="profile-plot" testId="profile-plot" label={`Profile of ${shown.name}`} />
            </figure>
          )}
        </>
      )}
    </section>
  );
}
