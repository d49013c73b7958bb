/** Solver options: the objective (least squares or Poisson likelihood), loss and f_scale,
 *  tolerances, evaluation budget, method, backend, absolute σ, VarPro. */
import { useApp } from '../../state';
import { setObjective, setOde, setSettings } from '../../state/actions/settings';
import { ODE_METHODS } from '../../fit/ode/odeDefaults';
import type { SolverSettings } from '../../share/types';
import { NumberField } from '../common/NumberField';
import { Notice } from '../common/Notice';
import { isWeighted } from '../../state/slices/settings';
import { fScaleDisabled } from '../../state/selectors/settings';

const LOSSES: { value: SolverSettings['loss']; label: string }[] = [
  { value: 'linear', label: 'linear (least squares)' },
  { value: 'soft_l1', label: 'soft L1' },
  { value: 'huber', label: 'Huber' },
  { value: 'cauchy', label: 'Cauchy' },
  { value: 'arctan', label: 'arctan' },
];

export function OptionsPanel() {
  const s = useApp((st) => st.settings);
  const error = useApp((st) => (st.fitError?.field === 'settings' ? st.fitError : null));
  const weighted = useApp(isWeighted);
  const poisson = s.objective === 'poisson';
  const isOde = useApp((st) => Boolean(st.modelInfo.ode));
  const ode = useApp((st) => st.ode);
  return (
    <details className="panel options" data-testid="options-panel">
      <summary className="panel-head options-summary">
        <h2 className="panel-title">
          <span className="step" aria-hidden="true">4</span>Solver options
        </h2>
        <span className="muted small options-brief">
          {poisson ? 'Poisson likelihood' : s.loss === 'linear' ? 'least squares' : s.loss}{s.varpro && s.loss === 'linear' && !poisson ? ' · VarPro' : ''} · {s.backend === 'auto' ? 'auto backend' : s.backend.toUpperCase()}
        </span>
      </summary>
      <div className="panel-body options-grid">
        <label className="opt-label" htmlFor="opt-objective">Objective</label>
        <select
          id="opt-objective"
          className="select"
          value={s.objective ?? 'least-squares'}
          data-testid="opt-objective"
          title="Poisson likelihood: counts, the Cash statistic minimised (σ² = the model); its errors from the Fisher information"
          onChange={(e) => setObjective(e.target.value as NonNullable<SolverSettings['objective']>)}
        >
          <option value="least-squares">least squares</option>
          <option value="poisson">Poisson likelihood (counts)</option>
        </select>
        <label className="opt-label" htmlFor="opt-loss">Loss</label>
        <select id="opt-loss" className="select" value={s.loss} disabled={poisson} data-testid="opt-loss" onChange={(e) => setSettings({ loss: e.target.value as SolverSettings['loss'] })}>
          {LOSSES.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
        <span className="opt-label">f_scale</span>
        <NumberField value={s.fScale} onCommit={(v) => setSettings({ fScale: v })} label="f_scale (soft margin of the robust loss)" testId="opt-fscale" disabled={fScaleDisabled(s)} />
        <span className="opt-label">ftol / xtol / gtol</span>
        <div className="tol-row">
          <NumberField value={s.ftol} onCommit={(v) => setSettings({ ftol: v })} label="ftol" testId="opt-ftol" />
          <NumberField value={s.xtol} onCommit={(v) => setSettings({ xtol: v })} label="xtol" testId="opt-xtol" />
          <NumberField value={s.gtol} onCommit={(v) => setSettings({ gtol: v })} label="gtol" testId="opt-gtol" />
        </div>
        <span className="opt-label">Max evaluations</span>
        <NumberField value={s.maxNfev ?? NaN} empty={NaN} optional onCommit={(v) => setSettings({ maxNfev: Number.isNaN(v) ? null : Math.max(1, Math.round(v)) })} label="Maximum function evaluations (empty: default)" placeholder="default" testId="opt-maxnfev" />
        {isOde && (
          <>
            <label className="opt-label" htmlFor="opt-ode-method" title="auto starts with Dormand–Prince 5(4) and switches to Rodas4 (L-stable, for stiff systems) and back, as LSODA does">Integration</label>
            <select id="opt-ode-method" className="select" value={ode.method} onChange={(e) => setOde({ method: e.target.value as typeof ode.method })} data-testid="opt-ode-method">
              {ODE_METHODS.map((m) => (
                <option key={m} value={m}>
                  {m === 'auto' ? 'auto (stiffness detected)' : m === 'dopri5' ? 'dopri5 (explicit)' : 'rodas4 (stiff)'}
                </option>
              ))}
            </select>
            <span className="opt-label">rtol / atol</span>
            <div className="tol-row">
              <NumberField value={ode.rtol} onCommit={(v) => setOde({ rtol: v })} label="rtol: relative tolerance of the integration (0 < rtol < 1)" testId="opt-ode-rtol" />
              <NumberField value={ode.atol} onCommit={(v) => setOde({ atol: v })} label="atol: absolute tolerance of the integration (> 0)" testId="opt-ode-atol" />
            </div>
          </>
        )}
        <label className="opt-label" htmlFor="opt-method">Linearization</label>
        <select id="opt-method" className="select" value={s.method} onChange={(e) => setSettings({ method: e.target.value as SolverSettings['method'] })} data-testid="opt-method">
          <option value="auto">auto</option>
          <option value="dense">dense (QR)</option>
          <option value="normal">normal equations</option>
        </select>
        <span className="opt-label" id="opt-backend-label">Backend</span>
        <div className="segmented" role="radiogroup" aria-labelledby="opt-backend-label" data-testid="opt-backend">
          {(['auto', 'cpu', 'gpu'] as const).map((b) => (
            <label key={b} className={s.backend === b ? 'seg is-on' : 'seg'}>
              <input type="radio" name="backend" value={b} checked={s.backend === b} onChange={() => setSettings({ backend: b })} data-testid={`opt-backend-${b}`} />
              {b === 'auto' ? 'Auto' : b.toUpperCase()}
            </label>
          ))}
        </div>
        <span />
        <label className="check">
          <input type="checkbox" checked={s.absoluteSigma} disabled={!weighted} onChange={(e) => setSettings({ absoluteSigma: e.target.checked })} data-testid="opt-absolute-sigma" />
          σ is absolute (do not rescale the covariance by χ²ᵥ)
        </label>
        <span />
        <label className="check" title="Variable projection (Golub & Pereyra): the parameters the model is linear in are solved exactly while the others are fitted, then the full fit runs from there. Least squares only.">
          <input type="checkbox" checked={s.varpro === true} disabled={s.loss !== 'linear' || poisson} onChange={(e) => setSettings({ varpro: e.target.checked })} data-testid="opt-varpro" />
          VarPro: solve the linear parameters exactly first
        </label>
        {error && (
          <div className="options-error">
            <Notice tone="error" testId="settings-error">
              {error.message}
            </Notice>
          </div>
        )}
      </div>
    </details>
  );
}
