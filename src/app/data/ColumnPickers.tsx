/** Which columns are x (one or more variables), y and σ (or weights from y). */
import { useApp } from '../../state';
import { setMapping } from '../../state/actions/data';
import { nextVariable } from '../../state/modelColumns';
import { setSigmaColumn, setSigmaXColumn, setWeights } from '../../state/actions/settings';
import type { Weighting } from '../../fit/weights';
import type { ColumnInfo } from '../../worker/api';
import { Notice } from '../common/Notice';

function ColumnSelect({ value, columns, onChange, label, testId }: {
  readonly value: string | null;
  readonly columns: readonly ColumnInfo[];
  readonly onChange: (name: string | null) => void;
  readonly label: string;
  readonly testId: string;
}) {
  return (
    <select className="select" value={value ?? ''} aria-label={label} data-testid={testId} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}>
      {(value === null || value === '') && <option value="">choose…</option>}
      {columns.map((c) => (
        // A text column (categories) cannot be a number to fit: shown, marked, not choosable; it
        // can name groups or filter rows instead (below).
        <option key={c.name} value={c.name} disabled={c.categories !== null && c.name !== value}>
          {c.label === c.name ? c.name : `${c.name} (${c.label})`}
          {c.categories !== null ? ' (text: group by it or filter on it)' : ''}
        </option>
      ))}
    </select>
  );
}

const NO_COLUMNS: readonly ColumnInfo[] = [];

/** Weights computed from y (src/fit/weights.ts), offered below the columns. The option values
 *  start with a control character, which no column name from a file holds. */
const WEIGHT_OPTIONS: readonly { readonly mode: Weighting; readonly label: string; readonly title: string }[] = [
  { mode: '1/y', label: 'weights 1/y (σ = √|y|)', title: 'Weight 1/|y|: σ = √|y|. Refuses rows with y = 0.' },
  { mode: '1/y2', label: 'weights 1/y², relative (σ = |y|)', title: 'Relative weighting, 1/y²: σ = |y|. Refuses rows with y = 0.' },
  // σ = 0 would give an empty bin infinite weight: it gets σ = 1 (src/fit/weights.ts), said here.
  { mode: 'poisson', label: 'Poisson counts (σ² = y; σ = 1 where y = 0)', title: 'σ = √y; a row with y = 0 gets σ = 1. For counts, Solver options › Objective › Poisson likelihood fits them without that patch.' },
];
const WEIGHT_PREFIX = '\u0001';

/**
 * σ: none, a column of per-point standard deviations, or weights from y. One control for both, so
 * that a σ column and a weighting (which the fit refuses together) cannot both be chosen.
 */
function SigmaSelect({ columns }: { readonly columns: readonly ColumnInfo[] }) {
  const sigma = useApp((s) => s.mapping.sigma);
  const weights = useApp((s) => s.settings.weights ?? 'sigma');
  const value = sigma ?? (weights !== 'sigma' ? WEIGHT_PREFIX + (weights === 'relative' ? '1/y2' : weights) : '');
  const choose = (v: string) => void (v.startsWith(WEIGHT_PREFIX) ? setWeights(v.slice(WEIGHT_PREFIX.length) as Weighting) : setSigmaColumn(v === '' ? null : v));
  return (
    <select
      className="select"
      value={value}
      aria-label="sigma column (uncertainty of y) or weights"
      title={WEIGHT_OPTIONS.find((w) => value === WEIGHT_PREFIX + w.mode)?.title}
      data-testid="sigma-select"
      onChange={(e) => choose(e.target.value)}
    >
      <option value="">none (unweighted)</option>
      {columns.map((c) => (
        <option key={c.name} value={c.name} disabled={c.categories !== null && c.name !== sigma}>
          {c.label === c.name ? c.name : `${c.name} (${c.label})`}
          {c.categories !== null ? ' (text: group by it or filter on it)' : ''}
        </option>
      ))}
      <optgroup label="Weights from y">
        {WEIGHT_OPTIONS.map((w) => (
          <option key={w.mode} value={WEIGHT_PREFIX + w.mode} title={w.title}>
            {w.label}
          </option>
        ))}
      </optgroup>
    </select>
  );
}

/**
 * σ of one x column (issue 24): none (x exact; an implicit model: unit weight) or a column of
 * per-point standard deviations, which makes the fit an errors-in-variables fit (orthogonal
 * distance regression, fit/odr).
 */
function SigmaXSelect({ x, index, columns, implicit }: { readonly x: string; readonly index: number; readonly columns: readonly ColumnInfo[]; readonly implicit: boolean }) {
  const value = useApp((s) => s.mapping.sigmaX?.[x] ?? '');
  return (
    <select
      className="select"
      value={value}
      aria-label={`sigma column of x variable ${x} (errors in x)`}
      title={`Uncertainty (standard deviation) of each ${x}: with one, the fit is orthogonal distance regression (errors in both variables)`}
      data-testid={`sigma-x-select-${index}`}
      onChange={(e) => void setSigmaXColumn(x, e.target.value === '' ? null : e.target.value)}
    >
      <option value="">{implicit ? `${x}: σ = 1` : `${x} exact (no σ)`}</option>
      {columns.map((c) => (
        <option key={c.name} value={c.name} disabled={(c.categories !== null || c.name === x) && c.name !== value}>
          {c.label === c.name ? c.name : `${c.name} (${c.label})`}
          {c.categories !== null ? ' (text: group by it or filter on it)' : ''}
        </option>
      ))}
    </select>
  );
}

/**
 * An ODE model's `~` lines name its observed columns and their σ columns (issue 23): the y and σ
 * pickers do not apply, so they give way to what is observed.
 */
function OdeObserved({ observed, sigma }: { readonly observed: readonly string[]; readonly sigma: readonly (string | null)[] }) {
  const weighted = observed.map((c, i) => (sigma[i] ? `${c} (σ ${sigma[i]})` : c));
  return (
    <p className="mapping-ode" data-testid="ode-observed">
      Observed: {weighted.join(', ')}, named by the model's <code>~</code> lines (<code>COL ~ expr | SIGMA</code> gives a σ column), so there is no y or σ to pick.
    </p>
  );
}

export function ColumnPickers() {
  const columns = useApp((s) => s.table?.columns ?? NO_COLUMNS);
  const ode = useApp((s) => s.modelInfo.ode ?? null);
  const byLines = ode !== null && ode.observed.length > 0;
  const implicit = useApp((s) => s.modelInfo.implicit === true);
  const mapping = useApp((s) => s.mapping);
  const error = useApp((s) => s.selectionError);
  const next = useApp(nextVariable);
  const setX = (i: number, name: string | null) => {
    const x = [...mapping.x];
    if (name === null) x.splice(i, 1);
    else x[i] = name;
    void setMapping({ x });
  };
  return (
    <div className="mapping" data-testid="column-pickers">
      <span className="mapping-label" title={ode ? 'The time column of the ODE model' : undefined}>{ode ? 't' : 'x'}</span>
      <div className="mapping-x">
        {mapping.x.map((name, i) => (
          <span className="x-pick" key={`${i}-${name}`}>
            <ColumnSelect value={name} columns={columns} onChange={(n) => setX(i, n)} label={`x variable ${i + 1}`} testId={`x-select-${i}`} />
            {mapping.x.length > 1 && (
              <button type="button" className="icon-btn" aria-label={`Remove x variable ${name}`} onClick={() => setX(i, null)}>
                ×
              </button>
            )}
          </span>
        ))}
        {mapping.x.length === 0 && <ColumnSelect value={null} columns={columns} onChange={(n) => n && setX(0, n)} label="x variable" testId="x-select-0" />}
        {/* An ODE model has one time column. */}
        {next !== null && mapping.x.length > 0 && ode === null && (
          <button type="button" className="link-btn" data-testid="add-x" onClick={() => void setMapping({ x: [...mapping.x, next] })}>
            + variable
          </button>
        )}
      </div>
      {byLines ? (
        <>
          <span className="mapping-label">y</span>
          <OdeObserved observed={ode.observed} sigma={ode.sigma} />
        </>
      ) : (
        <>
          <span className="mapping-label" title={ode ? `Observed as the state ${ode.states[0] ?? ''} (no ~ line in the model)` : undefined}>y</span>
          <ColumnSelect value={mapping.y} columns={columns} onChange={(n) => void setMapping({ y: n ?? '' })} label="y column" testId="y-select" />
          <span className="mapping-label" title="Uncertainty (standard deviation) of each y, or weights from y">σ</span>
          <SigmaSelect columns={columns} />
        </>
      )}
      {ode === null && mapping.x.length > 0 && (
        <>
          <span className="mapping-label" title="Uncertainty (standard deviation) of each x: errors in both variables">σx</span>
          <div className="mapping-x" data-testid="sigma-x-pickers">
            {mapping.x.map((name, i) => (
              <span className="x-pick" key={`${i}-${name}`}>
                <SigmaXSelect x={name} index={i} columns={columns} implicit={implicit} />
              </span>
            ))}
          </div>
        </>
      )}
      {error && (
        <div className="mapping-error">
          <Notice tone="error" testId="mapping-error">
            {error.message}
          </Notice>
        </div>
      )}
    </div>
  );
}
