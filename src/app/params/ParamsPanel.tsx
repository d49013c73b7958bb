/** Step 3: parameters — start values, bounds, fixed, and sliders that redraw the curve live. */
import { useApp } from '../../state';
import { Panel } from '../common/Panel';
import { formatNumber } from '../format/number';
import { ParamRowView } from './ParamRowView';

function LiveChi2() {
  const chi2 = useApp((s) => s.curve?.chi2 ?? null);
  const nonFinite = useApp((s) => s.curve?.nonFinite ?? 0);
  const weighted = useApp((s) => s.mapping.sigma !== null);
  if (chi2 === null) return null;
  if (nonFinite > 0) return <span className="live-chi2 warn-text">model not finite at {nonFinite.toLocaleString('en-US')} points</span>;
  return (
    <span className="live-chi2" data-testid="live-chi2" title={weighted ? 'Σ((y − model)/σ)² at these values' : 'Σ(y − model)² at these values'}>
      {weighted ? 'χ²' : 'RSS'} {formatNumber(chi2, 4)}
    </span>
  );
}

/** Empty start values are a state of their own (issue 11): say what Fit does with them. */
function EmptyNote({ names }: { readonly names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <p className="hint" data-testid="params-empty-note">
      No start value for {names.join(', ')}: Fit searches for {names.length === 1 ? 'it' : 'them'} first. The curve appears once every parameter has a value.
    </p>
  );
}

export function ParamsPanel() {
  const params = useApp((s) => s.params);
  const busy = useApp((s) => s.fitStatus === 'running');
  return (
    <Panel title="Parameters" step={3} testId="params-panel" actions={<LiveChi2 />}>
      {params.length === 0 ? (
        <p className="hint">The model’s parameters appear here, with a slider each.</p>
      ) : (
        <div className="param-list" data-testid="param-table">
          {params.map((row) => (
            <ParamRowView key={row.name} row={row} busy={busy} />
          ))}
          <EmptyNote names={params.filter((r) => r.value === null).map((r) => r.name)} />
        </div>
      )}
    </Panel>
  );
}
