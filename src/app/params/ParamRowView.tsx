/**
 * One parameter: name, value and fixed on the first line; the slider between its lower and upper
 * bound on the second; an input error for this parameter under them. A tied parameter (issue 10)
 * shows its expression and the value computed from the others instead of a value, slider and
 * bounds: it is not fitted.
 */
import { useState } from 'react';
import { useApp } from '../../state';
import { tiedModel, tiedValue } from '../../state/ties';
import { TieButton, TieEditor } from './TieEditor';
import { setParamBound, setParamFixed, setParamValue } from '../../state/actions/params';
import { SharedToggle } from './SharedToggle';
import { RandomToggle } from '../mixed/RandomToggle';
import type { ParamRow } from '../../state/slices/params';
import { formatNumber } from '../format/number';
import { NumberField } from '../common/NumberField';
import { ParamSlider } from './ParamSlider';

export function ParamRowView({ row, busy }: { readonly row: ParamRow; readonly busy: boolean }) {
  const error = useApp((s) => s.paramErrors.get(row.name) ?? null);
  // Global mode over groups: each parameter is shared by all groups or local to each.
  const global = useApp((s) => s.groupBy !== null && s.groupMode === 'global');
  // Mixed effects: each parameter is a fixed effect only or has a random effect per group.
  const mixed = useApp((s) => s.groupBy !== null && !s.groupWide && s.groupMode === 'mixed');
  // The row's tie as kept (also one that cannot be applied now), and why it cannot, if so.
  const tie = useApp((s) => s.ties.find((t) => t.name === row.name) ?? null);
  const tieError = useApp((s) => tiedModel(s).errors.get(row.name) ?? null);
  const tied = useApp((s) => (tie ? tiedValue(tie, s.params) : null));
  const [editing, setEditing] = useState(false);
  const errorId = `param-error-${row.name}`;
  const lo = row.range.lo;
  const hi = row.range.hi;
  const shownError = error ?? tieError;
  return (
    <div className={tie ? 'param-row is-tied' : row.fixed ? 'param-row is-fixed' : 'param-row'} data-testid={`param-row-${row.name}`} data-param={row.name} data-value={String(tie ? tied : row.value)} data-tied={tie ? tie.expression : undefined}>
      <div className={global || mixed ? 'param-line has-shared' : 'param-line'}>
        <span className="param-name-cell">
          <code className="param-name" title={row.positive ? `${row.name} is a positive scale: its slider is logarithmic` : row.name.length > 16 ? row.name : undefined}>
            {row.name}
          </code>
          <TieButton name={row.name} tied={tie !== null} open={editing} disabled={busy} onOpen={() => setEditing(!editing)} />
        </span>
        {tie ? (
          <output className="tied-value" aria-label={`${row.name}, tied to ${tie.expression}`} data-testid={`param-tied-${row.name}`}>
            {tied === null || tieError ? '—' : formatNumber(tied, 10)}
          </output>
        ) : (
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
        )}
        <label className="fixed-toggle">
          <input type="checkbox" checked={row.fixed && !tie} disabled={busy || tie !== null} onChange={(e) => setParamFixed(row.name, e.target.checked)} data-testid={`param-fixed-${row.name}`} />
          fixed
        </label>
        {global && <SharedToggle row={row} disabled={busy || tie !== null} />}
        {mixed && <RandomToggle row={row} disabled={busy || tie !== null} />}
      </div>
      {editing && <TieEditor name={row.name} expression={tie?.expression ?? ''} onClose={() => setEditing(false)} />}
      {tie !== null && (
        <p className="tied-line">
          <code className="tied-expression">
            {row.name} = {tie.expression}
          </code>
          <span className="muted">tied: not fitted, computed from the others</span>
        </p>
      )}
      {tie === null && (
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
      )}
      {shownError && (
        <p className="field-error" id={errorId} data-testid={`param-error-${row.name}`} role="alert">
          {shownError}
        </p>
      )}
    </div>
  );
}
