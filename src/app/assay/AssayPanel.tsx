/**
 * The assay workflow's controls (issue 26): read unknowns off the standard curve (rows with a y
 * and an empty x cell, as in GraphPad Prism; an optional replicate column joins a sample's
 * wells), predict y at new x, flag outliers by ROUT (Motulsky & Brown 2006) with its Q, and
 * bootstrap intervals (percentile, BCa or studentized, the one the results show). They run in the same worker job as the fit (src/worker/assay.ts); an error
 * the job gives about them is shown here, and the settings travel in links and sessions.
 */
import { useApp } from '../../state';
import { setAssay } from '../../state/actions/assay';
import { assayOn, MAX_RESAMPLES, MIN_RESAMPLES, predictValues } from '../../share/assay';
import type { AssaySettings } from '../../share/types';
import { NumberField } from '../common/NumberField';
import { Notice } from '../common/Notice';

const NO_COLUMNS: readonly { readonly name: string }[] = [];

export function AssayPanel() {
  const a = useApp((s) => s.assay);
  const columns = useApp((s) => s.table?.columns ?? NO_COLUMNS);
  const used = useApp((s) => [...s.mapping.x, s.mapping.y, s.mapping.sigma ?? ''].join('\u0000'));
  const error = useApp((s) => (s.fitError?.field === 'assay' ? s.fitError : null));
  const predict = predictValues(a.predict);
  const choices = columns.filter((c) => !used.split('\u0000').includes(c.name));
  const steps = [a.interpolate && 'unknowns', a.predict.trim() !== '' && 'predict', a.rout && 'ROUT', a.bootstrap && 'bootstrap'].filter(Boolean).join(' · ');
  return (
    <details className="panel options assay-panel" data-testid="assay-panel" open={assayOn(a) || undefined}>
      <summary className="panel-head options-summary">
        <h2 className="panel-title">
          <span className="step" aria-hidden="true">5</span>Assay
        </h2>
        <span className="muted small options-brief" data-testid="assay-brief">{steps || 'off'}</span>
      </summary>
      <div className="panel-body options-grid">
        <span />
        <label className="check" title="Rows with a y value and an empty x cell are unknowns: left out of the fit and read off the fitted curve, each with a 95% inverse-prediction interval">
          <input type="checkbox" checked={a.interpolate} onChange={(e) => setAssay({ interpolate: e.target.checked })} data-testid="assay-interpolate" />
          Interpolate unknowns (rows with a y and no x)
        </label>
        <label className="opt-label" htmlFor="assay-sample">Replicates in</label>
        <select id="assay-sample" className="select" value={a.sample ?? ''} disabled={!a.interpolate} data-testid="assay-sample" title="Consecutive unknown rows with the same cell here are one sample, read at their mean" onChange={(e) => setAssay({ sample: e.target.value === '' ? null : e.target.value })}>
          <option value="">none (each row alone)</option>
          {choices.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
          {a.sample !== null && !choices.some((c) => c.name === a.sample) && <option value={a.sample}>{a.sample} (not in this table)</option>}
        </select>
        <label className="opt-label" htmlFor="assay-predict">Predict at x</label>
        <div>
          <input
            id="assay-predict"
            className={predict.ok ? 'input' : 'input is-invalid'}
            type="text"
            inputMode="decimal"
            spellCheck={false}
            placeholder="e.g. 10, 50, 200"
            value={a.predict}
            aria-invalid={!predict.ok}
            aria-describedby={predict.ok ? undefined : 'assay-predict-error'}
            data-testid="assay-predict"
            onChange={(e) => setAssay({ predict: e.target.value })}
          />
          {!predict.ok && (
            <p className="field-error small" id="assay-predict-error" data-testid="assay-predict-error">
              “{predict.bad}” is not a number: give x values separated by commas.
            </p>
          )}
        </div>
        <span />
        <label className="check" title="ROUT (Motulsky & Brown 2006): a robust Cauchy fit, outliers at false discovery rate Q, then least squares without them">
          <input type="checkbox" checked={a.rout} onChange={(e) => setAssay({ rout: e.target.checked })} data-testid="assay-rout" />
          Outliers: ROUT
        </label>
        <span className="opt-label">Q (%)</span>
        <NumberField value={a.q} onCommit={(q) => q > 0 && q < 100 && setAssay({ q })} invalid={!(a.q > 0 && a.q < 100)} label="ROUT's false discovery rate Q in percent (above 0, below 100; 1 is Prism's default)" testId="assay-q" disabled={!a.rout} />
        <span />
        <label className="check" title="Refit B resampled data sets; each parameter's interval comes from its resampled values (percentile, BCa or studentized: Interval below)">
          <input type="checkbox" checked={a.bootstrap} onChange={(e) => setAssay({ bootstrap: e.target.checked })} data-testid="assay-bootstrap" />
          Bootstrap intervals
        </label>
        <span className="opt-label">Resamples</span>
        <NumberField value={a.resamples} onCommit={(n) => Number.isInteger(n) && n >= MIN_RESAMPLES && n <= MAX_RESAMPLES && setAssay({ resamples: n })} label={`Bootstrap resamples B (a whole number from ${MIN_RESAMPLES} to ${MAX_RESAMPLES})`} testId="assay-resamples" disabled={!a.bootstrap} />
        <label className="opt-label" htmlFor="assay-kind">Resample</label>
        <select id="assay-kind" className="select" value={a.kind} disabled={!a.bootstrap} data-testid="assay-kind" onChange={(e) => setAssay({ kind: e.target.value as 'residual' | 'case' })}>
          <option value="residual">residuals (centred, rescaled)</option>
          <option value="case">cases (rows)</option>
        </select>
        <label className="opt-label" htmlFor="assay-interval">Interval</label>
        <select id="assay-interval" className="select" value={a.interval} disabled={!a.bootstrap} data-testid="assay-interval" title="Which bootstrap interval the results show; every bootstrap computes all three, so a change needs no refit" onChange={(e) => setAssay({ interval: e.target.value as AssaySettings['interval'] })}>
          <option value="percentile">percentile</option>
          <option value="bca">BCa (bias-corrected)</option>
          <option value="studentized">studentized (bootstrap-t)</option>
        </select>
        <span className="opt-label">Seed</span>
        <NumberField value={a.seed} onCommit={(n) => Number.isInteger(n) && n >= 0 && n < 2 ** 32 && setAssay({ seed: n })} label="The bootstrap's random seed (a whole number ≥ 0): the same seed gives the same intervals" testId="assay-seed" disabled={!a.bootstrap} />
        {error && (
          <div className="options-error">
            <Notice tone="error" testId="assay-error">
              {error.message}
            </Notice>
          </div>
        )}
      </div>
    </details>
  );
}
