/**
 * Row filters as a chip row and a small where-builder (column, operator, value): each chip is one
 * where-clause (`state=treated`, `conc>0.02`; all must hold) and can be removed. A filter the
 * worker refuses (a typo in a value, a < on text) is not added: the error shows under the builder
 * and the typed value stays to be fixed.
 */
import { useState } from 'react';
import { useApp } from '../../state';
import { addFilter, clearFilterError, removeFilter } from '../../state/actions/rows';
import type { WhereOp } from '../../data/where';
import { Notice } from '../common/Notice';

const OPERATORS: readonly WhereOp[] = ['=', '!=', '<', '<=', '>', '>='];
const NO_WHERE: readonly string[] = [];

export function RowFilters() {
  const columns = useApp((s) => s.table?.columns);
  const where = useApp((s) => s.mapping.rows?.where ?? NO_WHERE);
  const error = useApp((s) => s.filterError);
  const [column, setColumn] = useState('');
  const [op, setOp] = useState<WhereOp>('=');
  const [value, setValue] = useState('');
  if (!columns) return null;
  const chosen = column || columns[0]?.name || '';
  const add = async () => {
    if (await addFilter(`${chosen}${op}${value}`)) setValue('');
  };
  return (
    <div className="row-filters" data-testid="row-filters">
      <span className="row-filters-label">Keep rows where</span>
      {/* Not a <form>: the data panel sits inside the setup form, whose submit fits. */}
      <div className="where-builder" role="group" aria-label="New row filter">
        <select className="select" aria-label="Filter column" data-testid="filter-column" value={chosen} onChange={(e) => (setColumn(e.target.value), clearFilterError())}>
          {columns.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
        <select className="select where-op" aria-label="Filter comparison" data-testid="filter-op" value={op} onChange={(e) => (setOp(e.target.value as WhereOp), clearFilterError())}>
          {OPERATORS.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        <input
          className="input where-value"
          aria-label="Filter value"
          data-testid="filter-value"
          value={value}
          placeholder="value"
          aria-invalid={error !== null}
          onChange={(e) => (setValue(e.target.value), clearFilterError())}
          onKeyDown={(e) => {
            // Enter adds the filter here (elsewhere in the setup form it fits).
            if (e.key === 'Enter') {
              e.preventDefault();
              e.stopPropagation();
              void add();
            }
          }}
        />
        <button type="button" className="btn" data-testid="filter-add" onClick={() => void add()}>
          Add filter
        </button>
      </div>
      {error && (
        <Notice tone="error" testId="filter-error">
          {error.message}
        </Notice>
      )}
      {where.length > 0 && (
        <ul className="chips filter-chips" data-testid="filter-chips" aria-label="Row filters">
          {where.map((w, i) => (
            <li key={`${i}-${w}`} className="chip filter-chip" data-testid="filter-chip">
              <code>{w}</code>
              <button type="button" className="icon-btn" aria-label={`Remove filter ${w}`} onClick={() => void removeFilter(i)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
