/**
 * The mixed-effects fit's card (issue 25): fixed effects (SE, nlme's df, t, p), random-effect SDs
 * and correlations with σ; logLik, AIC and BIC; the likelihood-ratio test and AIC against the
 * global fit and, on asking, a smaller random structure (MixedComparisons.tsx); the shrinkage plot
 * of a chosen random parameter (each group's own fit beside the mixed model's estimate) and the
 * same in words (shrinkageWords.ts); the groups' curves from the mixed model; and each group's
 * parameters.
 */
import { useMemo, useState } from 'react';
import { useApp } from '../../state';
import { clearMixed } from '../../state/actions/mixed';
import { groupResultsStale } from '../../state/selectors/groupFits';
import { OVERLAY_MAX } from '../../state/slices/batch';
import type { MixedFitOutcome } from '../../worker/api';
import { Notice } from '../common/Notice';
import { formatCount } from '../format/count';
import { groupFigure } from '../plot/groupFigure';
import { PlotlyChart } from '../plot/PlotlyChart';
import { MixedComparisons } from './MixedComparisons';
import { FixedTable, MixedGroupTable, num, RandomTable } from './MixedTables';
import { shrinkage, shrinkageShare } from './shrinkage';
import { shrinkageFigure } from './shrinkageFigure';
import { shrinkageWords } from './shrinkageWords';

function ShrinkagePlot({ g }: { readonly g: MixedFitOutcome }) {
  const random = g.mixed.random;
  const [chosen, setChosen] = useState(random[0] ?? '');
  const name = random.includes(chosen) ? chosen : (random[0] ?? '');
  const s = useMemo(() => shrinkage(g, name), [g, name]);
  const figure = useMemo(() => (s ? shrinkageFigure(s) : null), [s]);
  if (!s || !figure) return null;
  const share = shrinkageShare(s);
  return (
    <div className="mixed-shrinkage" data-testid="mixed-shrinkage" data-param={name} data-share={String(share)}>
      <div className="mixed-shrinkage-head">
        <h3 className="global-caption">Shrinkage toward the population value</h3>
        {random.length > 1 && (
          <label className="mixed-shrinkage-pick">
            Parameter{' '}
            <select value={name} onChange={(e) => setChosen(e.target.value)} data-testid="mixed-shrinkage-param">
              {random.map((r) => <option key={r} value={r}>{r}</option>)}
            </select>
          </label>
        )}
      </div>
      <PlotlyChart data={figure.data} layout={figure.layout} className="group-plot mixed-shrinkage-plot" testId="mixed-shrinkage-plot" label={`${name} of each group: fitted on its own and in the mixed model, with the population value`} />
      <p className="muted small" data-testid="mixed-shrinkage-text">{shrinkageWords(g, s)}</p>
    </div>
  );
}

export function MixedResults() {
  const g = useApp((s) => s.mixed);
  const stale = useApp((s) => groupResultsStale(s, s.mixed?.model));
  const groupBy = useApp((s) => s.groupBy);
  const mapping = useApp((s) => s.mapping);
  const plot = useApp((s) => s.plot);
  const xLabel = mapping.x[plot.plotVar] ?? 'x';
  const curves = useMemo(() => (g ? groupFigure(g.overlay, xLabel, mapping.y || 'y', plot.logX, plot.logY) : null), [g, xLabel, mapping.y, plot.logX, plot.logY]);
  if (!g) return null;
  const m = g.mixed;
  const column = groupBy ?? 'group';
  return (
    <section className="card group-results global-results mixed-results" aria-label="Mixed-effects fit" data-testid="mixed-results" data-loglik={String(m.logLik)} data-sigma={String(m.sigma)}>
      <header className="group-results-head">
        <h2 className="panel-title">
          Mixed effects by {column}: {m.random.join(', ')} random · {m.method.toUpperCase()} · {formatCount(m.groupsFitted)} of {formatCount(g.total)} groups · {m.converged ? 'converged' : 'did not converge'}
        </h2>
        <div className="group-results-actions">
          <button type="button" className="btn btn-small" onClick={clearMixed} data-testid="mixed-clear">Close</button>
        </div>
      </header>
      {stale && <p className="stale" data-testid="group-stale">{stale}</p>}
      {!m.converged && <Notice tone="warning" testId="mixed-message">{m.message}</Notice>}
      {m.warnings.map((w) => <Notice key={w} tone="warning" testId="mixed-warning">{w}</Notice>)}
      <p className="mixed-summary" data-testid="mixed-summary">
        <span>logLik <strong>{num(m.logLik, 8)}</strong></span> <span>AIC {num(m.aic, 7)}</span> <span>BIC {num(m.bic, 7)}</span> <span>σ {num(m.sigma, 5)}</span>
        <span className="muted small"> · {formatCount(m.points)} points, {m.parameterCount} parameters · {m.iterations} iterations, {(m.fitMs / 1000).toFixed(2)} s</span>
      </p>
      {g.comparisons.length > 0 && <MixedComparisons g={g} />}
      <div className="mixed-tables">
        <FixedTable m={m} />
        <RandomTable m={m} />
      </div>
      <ShrinkagePlot g={g} />
      {curves && (
        <>
          <h3 className="global-caption">Each group through its mixed-model curve</h3>
          <PlotlyChart data={curves.data} layout={curves.layout} className="group-plot" testId="mixed-plot" label={`${mapping.y} against ${xLabel}, one colour per ${column}, with each group's curve from the mixed model`} />
        </>
      )}
      {g.overlayCapped && <p className="muted">The plot shows the first {g.overlay.length} of {formatCount(g.total)} groups (at most {OVERLAY_MAX}); the table has them all.</p>}
      <MixedGroupTable g={g} column={column} />
    </section>
  );
}
