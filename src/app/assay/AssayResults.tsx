/**
 * The assay results of the last fit (issue 26, FitOutcome.assay): the unknowns read off the
 * curve (x̂ and its 95% inverse-prediction interval, or a status in words), ŷ at the asked x with
 * confidence and prediction intervals, ROUT's outliers (each with "put back", which refits with
 * it kept), and a histogram of each parameter's bootstrap values.
 */
import { useMemo } from 'react';
import type { FitResult } from '../../fit/types';
import type { PageAssay } from '../../worker/api';
import { INTERVAL_WORDS, shownInterval } from './shownInterval';
import { useApp } from '../../state';
import { resultsFresh } from '../../state/signature';
import { Notice } from '../common/Notice';
import { forgetPutBack, putBackOutlier } from '../../state/actions/assay';
import { formatNumber } from '../format/number';
import { PlotlyChart } from '../plot/PlotlyChart';
import { histogramFigure } from './histogram';
import { STATUS_SHORT, STATUS_WORDS } from '../../export/unknownStatus';

const num = (v: number | null): string => (v === null ? '—' : formatNumber(v, 5));

function Unknowns({ rows, xName, yName }: { readonly rows: NonNullable<PageAssay['interpolated']>; readonly xName: string; readonly yName: string }) {
  const statuses = [...new Set(rows.map((u) => u.status))];
  return (
    <section className="card" aria-labelledby="assay-unknowns-title" data-testid="assay-unknowns">
      <h2 className="card-title" id="assay-unknowns-title">
        Unknowns read off the curve
      </h2>
      <div className="table-scroll">
        <table className="result-table assay-table">
          <thead>
            <tr>
              <th scope="col">Sample</th>
              <th scope="col" className="num-col" title="The file lines of the sample's rows">Lines</th>
              <th scope="col" className="num-col" title="The mean response of the sample's rows">{yName}</th>
              <th scope="col" className="num-col">{xName} (x̂)</th>
              <th scope="col" className="num-col" title="95% inverse-prediction interval">lower</th>
              <th scope="col" className="num-col">upper</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.row} data-testid={`assay-unknown-${u.row}`} data-x={String(u.x)} data-lower={String(u.lower)} data-upper={String(u.upper)} data-status={u.status}>
                <th scope="row">{u.sample ?? `line ${u.row}`}</th>
                <td className="num-col">{u.rows.length > 1 ? `${u.rows[0]}–${u.rows[u.rows.length - 1]}` : u.row}</td>
                <td className="num-col">{num(u.y)}</td>
                <td className="num-col">{num(u.x)}</td>
                <td className="num-col">{num(u.lower)}</td>
                <td className="num-col">{num(u.upper)}</td>
                <td>
                  <span className={u.status === 'ok' ? 'flag flag-ok' : 'flag flag-bound'} title={STATUS_WORDS[u.status]}>
                    {STATUS_SHORT[u.status]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="assay-statuses muted small" data-testid="assay-statuses">
        {statuses.map((s) => (
          <div key={s}>
            <dt>{STATUS_SHORT[s]}</dt>
            <dd>{STATUS_WORDS[s]}.</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Predicted({ rows, xName, yName }: { readonly rows: NonNullable<PageAssay['predicted']>; readonly xName: string; readonly yName: string }) {
  return (
    <section className="card" aria-labelledby="assay-predicted-title" data-testid="assay-predicted">
      <h2 className="card-title" id="assay-predicted-title">
        Predicted {yName}
      </h2>
      <div className="table-scroll">
        <table className="result-table assay-table">
          <thead>
            <tr>
              <th scope="col" className="num-col">{xName}</th>
              <th scope="col" className="num-col">ŷ</th>
              <th scope="col" className="num-col" title="95% confidence interval of the curve at x">confidence</th>
              <th scope="col" className="num-col" title="95% prediction interval of a new reading at x">prediction</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p, i) => (
              <tr key={i} data-testid={`assay-predicted-${i}`}>
                <td className="num-col">{num(p.x)}</td>
                <td className="num-col">{num(p.y)}</td>
                <td className="num-col">[{num(p.confLower)}, {num(p.confUpper)}]</td>
                <td className="num-col">{p.predLower === null || p.predUpper === null ? '— (σ of a new reading unknown)' : `[${num(p.predLower)}, ${num(p.predUpper)}]`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Outliers({ o, kept }: { readonly o: NonNullable<PageAssay['outliers']>; readonly kept: readonly number[] }) {
  const running = useApp((s) => s.fitStatus === 'running');
  return (
    <section className="card assay-outliers" aria-labelledby="assay-outliers-title" data-testid="assay-outliers">
      <h2 className="card-title" id="assay-outliers-title">
        Outliers (ROUT, Q = {formatNumber(o.q * 100, 3)}%)
      </h2>
      {o.lines.length === 0 ? (
        <p className="muted" data-testid="assay-no-outliers">ROUT flagged no point: every point is in the fit.</p>
      ) : (
        <>
          <p className="muted small">
            Left out of the least-squares fit and drawn hollow on the plot. The robust fit’s residual SD (RSDR) is {formatNumber(o.rsdr, 4)}. Put a point back to keep it in the fit; the fit runs again.
          </p>
          <ul className="chips" aria-label="Outliers">
            {o.lines.map((line, i) => (
              <li key={line} className="chip" data-testid={`assay-outlier-${line}`}>
                line {line} (x = {formatNumber(o.x[i], 4)}, y = {formatNumber(o.y[i], 4)}){' '}
                <button type="button" className="link-btn" disabled={running} data-testid={`assay-put-back-${line}`} onClick={() => void putBackOutlier(line)}>
                  put back
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {kept.length > 0 && (
        <p className="small" data-testid="assay-kept">
          Put back: {kept.map((l) => `line ${l}`).join(', ')} (ROUT leaves them in).{' '}
          <button type="button" className="link-btn" disabled={running} data-testid="assay-forget-kept" onClick={() => void forgetPutBack()}>
            let ROUT judge them again
          </button>
        </p>
      )}
    </section>
  );
}

function Histograms({ b, result }: { readonly b: NonNullable<PageAssay['bootstrap']>; readonly result: FitResult }) {
  const shown = shownInterval(b, useApp((s) => s.assay.interval));
  const figures = useMemo(
    () => result.free.map((name) => ({ name, figure: histogramFigure(name, b.samples[name] ?? [], shown.ends[name], result.parameters.find((p) => p.name === name)?.value ?? NaN) })),
    [b, result, shown.ends],
  );
  return (
    <section className="card" aria-labelledby="assay-bootstrap-title" data-testid="assay-histograms-card">
      <h2 className="card-title" id="assay-bootstrap-title">
        Bootstrap ({b.kind === 'case' ? 'cases' : 'residuals'}, B = {b.resamples}, seed {b.seed})
      </h2>
      <p className="muted small">
        Each parameter’s values over the resampled refits; dashed: the {Math.round(result.confidenceLevel * 100)}% {INTERVAL_WORDS[shown.interval]} interval, solid: the fit.{b.failed > 0 ? ` ${b.failed} refits failed and are left out.` : ''}
      </p>
      <div className="assay-histograms">
        {figures.map(({ name, figure }) => (
          <PlotlyChart key={name} data={figure.data} layout={figure.layout} className="assay-histogram" testId={`assay-histogram-${name}`} label={`Bootstrap values of ${name}`} />
        ))}
      </div>
    </section>
  );
}

export function AssayResults({ assay, result }: { readonly assay: PageAssay; readonly result: FitResult }) {
  const xName = useApp((s) => s.mapping.x[0] ?? 'x');
  const yName = useApp((s) => s.mapping.y || 'y');
  const kept = useApp((s) => s.assay.keep);
  // Asked for by the fit these results describe, yet absent: Cancel stopped the refits (the fit stands).
  const cancelled = useApp((s) => s.assay.bootstrap && resultsFresh(s)) && !assay.bootstrap;
  const resamples = useApp((s) => s.assay.resamples);
  return (
    <>
      {cancelled && (
        <Notice tone="warning" testId="assay-bootstrap-cancelled">
          The bootstrap was cancelled before its {resamples} resamples: the fit and the other results stand without bootstrap intervals. Press Fit to run it again.
        </Notice>
      )}
      {assay.interpolated && <Unknowns rows={assay.interpolated} xName={xName} yName={yName} />}
      {assay.predicted && <Predicted rows={assay.predicted} xName={xName} yName={yName} />}
      {assay.outliers && <Outliers o={assay.outliers} kept={kept} />}
      {assay.bootstrap && <Histograms b={assay.bootstrap} result={result} />}
    </>
  );
}
