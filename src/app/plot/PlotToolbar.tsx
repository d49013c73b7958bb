/** Plot controls: which x, log axes, the bands. */
import { useApp } from '../../state';
import { setPlot } from '../../state/actions/data';
import { fitSignature } from '../../state/signature';
import { FigureSettings } from './FigureSettings';

function Toggle({ label, checked, onChange, testId, disabled }: { readonly label: string; readonly checked: boolean; readonly onChange: (v: boolean) => void; readonly testId: string; readonly disabled?: boolean }) {
  return (
    <label className={disabled ? 'toggle is-disabled' : 'toggle'}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      {label}
    </label>
  );
}

export function PlotToolbar() {
  const plot = useApp((s) => s.plot);
  const x = useApp((s) => s.mapping.x);
  const y = useApp((s) => s.mapping.y);
  const fresh = useApp((s) => s.outcome !== null && s.fittedSignature === fitSignature(s) && s.curve?.confidence != null);
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
        <Toggle label="Confidence band" checked={plot.showConfidence} onChange={(v) => void setPlot({ showConfidence: v })} testId="toggle-confidence" disabled={!fresh} />
        <Toggle label="Prediction band" checked={plot.showPrediction} onChange={(v) => void setPlot({ showPrediction: v })} testId="toggle-prediction" disabled={!fresh} />
        <Toggle label="Log x" checked={plot.logX} onChange={(v) => void setPlot({ logX: v })} testId="toggle-logx" />
        <Toggle label="Log y" checked={plot.logY} onChange={(v) => void setPlot({ logY: v })} testId="toggle-logy" />
        <FigureSettings />
      </div>
    </div>
  );
}
