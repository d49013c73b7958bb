/** Step 3: parameters — start values, bounds, fixed, and sliders that redraw the curve live. */
import { useApp } from '../../state';
import { Panel } from '../common/Panel';
import { formatNumber } from '../format/number';
import { ParamRowView } from './ParamRowView';
import { solvedByVarpro } from '../../state/varproStarts';
import { isWeighted } from '../../state/slices/settings';
import { tiedModel } from '../../state/ties';
import { formatCount } from '../format/count';

function LiveChi2() {
  const chi2 = useApp((s) => s.curve?.chi2 ?? null);
  const nonFinite = useApp((s) => s.curve?.nonFinite ?? 0);
  const weighted = useApp(isWeighted);
  const deviance = useApp((s) => s.curve?.deviance ?? null);
  // A streamed table (issue 12): the live sum runs over the drawn sample, not the fitted rows.
  const sampled = useApp((s) => (s.table?.stream ? s.table.stream.sampleRows : null));
  if (chi2 === null) return null;
  if (nonFinite > 0) return <span className="live-chi2 warn-text">model not finite at {formatCount(nonFinite)} points</span>;
  // The Poisson objective minimises the deviance: that is the number to watch while tuning.
  if (deviance !== null) {
    return (
      <span className="live-chi2" data-testid="live-chi2" title="Poisson deviance 2Σ[y ln(y/μ) − (y − μ)] at these values">
        deviance {formatNumber(deviance, 4)}
      </span>
    );
  }
  return (
    <span
      className="live-chi2"
      data-testid="live-chi2"
      title={`${weighted ? 'Σ((y − model)/σ)²' : 'Σ(y − model)²'} at these values${sampled !== null ? `, over the ${formatCount(sampled)} sampled rows the plot draws` : ''}`}
    >
      {weighted ? 'χ²' : 'RSS'}
      {sampled !== null ? ' (sample)' : ''} {formatNumber(chi2, 4)}
    </span>
  );
}

/** Empty start values are a state of their own (issue 11): say what Fit does with them (VarPro
 *  solves the parameters it eliminates; the others are searched for first). */
function EmptyNote({ names }: { readonly names: readonly string[] }) {
  // A string, so that the selector's value compares equal between renders.
  const solvedText = useApp((s) => [...solvedByVarpro(s)].join(','));
  if (names.length === 0) return null;
  const solved = new Set(solvedText.split(','));
  const searched = names.filter((n) => !solved.has(n));
  const byVarpro = names.filter((n) => solved.has(n));
  return (
    <p className="hint" data-testid="params-empty-note">
      No start value for {names.join(', ')}: {searched.length > 0 && `Fit searches for ${searched.length === names.length ? (names.length === 1 ? 'it' : 'them') : searched.join(', ')} first. `}
      {byVarpro.length > 0 && `VarPro solves ${byVarpro.join(', ')}. `}The curve appears once every parameter has a value.
    </p>
  );
}

export function ParamsPanel() {
  const params = useApp((s) => s.params);
  // A tied row needs no start value: it is computed from the others (state/ties.ts).
  const empty = useApp((s) => tiedModel(s).params.filter((r) => r.value === null).map((r) => r.name).join(','));
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
          <EmptyNote names={empty === '' ? [] : empty.split(',')} />
        </div>
      )}
    </Panel>
  );
}
