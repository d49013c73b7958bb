/** Plot controls: which x, log axes, the bands. */
import { isOdeModel } from '../../model/index';
import { observedOnLines } from '../../state/modelColumns';
import { useApp, type AppState } from '../../state';
import { setPlot } from '../../state/actions/data';
import { resultsFresh } from '../../state/signature';
import { FigureSettings } from './FigureSettings';

function Toggle({ label, checked, onChange, testId, disabled, title }: { readonly label: string; readonly checked: boolean; readonly onChange: (v: boolean) => void; readonly testId: string; readonly disabled?: boolean; readonly title?: string }) {
  return (
    <label className={disabled ? 'toggle is-disabled' : 'toggle'} title={title}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      {label}
    </label>
  );
}

/** Why the band toggles are off, for their title (a toggle greyed without a word was a trial finding). */
function bandsOffReason(s: AppState): string {
  if (s.outcome === null) return 'Bands show the uncertainty of a fitted curve: fit first.';
  if (!resultsFresh(s)) return 'The model, data, parameters or fit settings changed since the fit: press Fit to draw the bands again.';
  if (s.curve?.kind === 'points') return 'The model depends on more than the plotted variable, so there is no single curve to draw bands around.';
  if (s.outcome.result.free.length === 0) return 'No free parameter: the curve has no uncertainty to band.';
  return 'No bands: the covariance of the parameters is undetermined (see the results).';
}

export function PlotToolbar() {
  const plot = useApp((s) => s.plot);
  const x = useApp((s) => s.mapping.x);
  // An ODE model draws its observed columns (issue 23), not the y column.
  const y = useApp((s) => (s.modelInfo.ode ? s.modelInfo.ode.observed.join(', ') : isOdeModel(s.modelText) ? observedOnLines(s.modelText, false).join(', ') || s.mapping.y : s.mapping.y));
  const fresh = useApp((s) => resultsFresh(s) && s.curve?.confidence != null);
  const why = useApp(bandsOffReason);
  // Errors in both variables (issue 24): each point's move onto the curve, after such a fit.
  const odrFresh = useApp((s) => resultsFresh(s) && (s.outcome?.odr?.projections ?? null) !== null);
  const odrShown = useApp((s) => s.outcome?.odr != null);
  return (
    <div className="plot-toolbar">
      <h2 className="plot-title">
        {y || 'y'} <span className="muted">against</span>{' '}
        {x.length > 1 ? (
          <select className="select select-inline" value={plot.plotVar} aria-label="Variable on the x axis" data-testid="plot-var" onChange={(e) => void setPlot({ plotVar: Number(e.target.value) })}>
            {x.map((name, i) => (
              <option key={name} value={i}>
                {name}
              </option>
            ))}
          </select>
        ) : (
          (x[0] ?? 'x')
        )}
      </h2>
      <div className="plot-toggles">
        {/* Shown unticked while off: a ticked box that draws nothing read as a band that failed. The choice is kept for the next fit. */}
        <Toggle label="Confidence band" checked={fresh && plot.showConfidence} onChange={(v) => void setPlot({ showConfidence: v })} testId="toggle-confidence" disabled={!fresh} title={fresh ? undefined : why} />
        <Toggle label="Prediction band" checked={fresh && plot.showPrediction} onChange={(v) => void setPlot({ showPrediction: v })} testId="toggle-prediction" disabled={!fresh} title={fresh ? undefined : why} />
        {odrShown && (
          <Toggle
            label="Projections"
            checked={odrFresh && plot.showProjections === true}
            onChange={(v) => void setPlot({ showProjections: v })}
            testId="toggle-projections"
            disabled={!odrFresh}
            title={odrFresh ? "Each point's segment to where the fit moved it on the curve: (x + δ, f(x + δ))" : 'Fit again to draw the projections of this fit.'}
          />
        )}
        <Toggle label="Log x" checked={plot.logX} onChange={(v) => void setPlot({ logX: v })} testId="toggle-logx" />
        <Toggle label="Log y" checked={plot.logY} onChange={(v) => void setPlot({ logY: v })} testId="toggle-logy" />
        <FigureSettings />
      </div>
    </div>
  );
}
