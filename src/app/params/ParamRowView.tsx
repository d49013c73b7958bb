/**
 * One parameter: name, value and fixed on the first line; the slider between its lower and upper
 * bound on the second; an input error for this parameter under them.
 */
import { useApp } from '../../state';
import { setParamBound, setParamFixed, setParamValue } from '../../state/actions/params';
import { SharedToggle } from './SharedToggle';
import type { ParamRow } from '../../state/slices/params';
import { formatNumber } from '../format/number';
import { NumberField } from '../common/NumberField';
import { ParamSlider } from './ParamSlider';

export function ParamRowView({ row, busy }: { readonly row: ParamRow; readonly busy: boolean }) {
  const error = useApp((s) => s.paramErrors.get(row.name) ?? null);
  // Global mode over groups: each parameter is shared by all groups or local to each.
  const global = useApp((s) => s.groupBy !== null && s.groupMode === 'global');
  const errorId = `param-error-${row.name}`;
  const lo = row.range.lo;
  const hi = row.range.hi;
  return (
    <div className={row.fixed ? 'param-row is-fixed' : 'param-row'} data-testid={`param-row-${row.name}`} data-param={row.name} data-value={String(row.value)}>
      <div className={global ? 'param-line has-shared' : 'param-line'}>
        <code className="param-name" title={row.positive ? `${row.name} is a positive scale: its slider is logarithmic` : undefined}>
          {row.name}
        </code>
        <NumberField
          value={row.value ?? NaN}
          optional
          onCommit={(v) => setParamValue(row.name, Number.isNaN(v) ? null : v)}
          label={`${row.name} value`}
          placeholder="auto"
          testId={`param-value-${row.name}`}
          className="param-value"
          disabled={busy}
          invalid={error !== null}
          describedBy={error ? errorId : undefined}
        />
        <label className="fixed-toggle">
          <input type="checkbox" checked={row.fixed} disabled={busy} onChange={(e) => setParamFixed(row.name, e.target.checked)} data-testid={`param-fixed-${row.name}`} />
          fixed
        </label>
        {global && <SharedToggle row={row} disabled={busy} />}
      </div>
      <div className="param-range">
        <NumberField value={row.min} empty={-Infinity} onCommit={(v) => setParamBound(row.name, 'min', v)} label={`${row.name} lower bound`} placeholder="−∞" testId={`param-min-${row.name}`} className="bound" disabled={busy} />
        <div className="slider-wrap">
          <ParamSlider row={row} disabled={busy || row.fixed} />
          <div className="slider-scale" aria-hidden="true">
            <span>{formatNumber(lo, 3)}</span>
            {row.range.log && <span className="log-tag">log</span>}
            <span>{formatNumber(hi, 3)}</span>
          </div>
        </div>
        <NumberField value={row.max} empty={Infinity} onCommit={(v) => setParamBound(row.name, 'max', v)} label={`${row.name} upper bound`} placeholder="+∞" testId={`param-max-${row.name}`} className="bound" disabled={busy} />
      </div>
      {error && (
        <p className="field-error" id={errorId} data-testid={`param-error-${row.name}`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
