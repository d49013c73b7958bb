/**
 * "Group by": any column (text or numeric) names the groups; or, for a wide file (a plate's wells
 * as columns), "Each y column is a dataset" makes each numeric column besides x and σ a group.
 * The groups are listed with their row counts (among the rows the filters keep), each picked or
 * not, with a search box when there are many. Long lists show the first few hundred matches (a
 * 10 000-group plate is searched, not scrolled).
 */
import { useMemo, useState } from 'react';
import { useApp } from '../../state';
import { pickAllGroups, setGroupBy, setGroupWide, toggleGroup } from '../../state/actions/groups';
import { Notice } from '../common/Notice';
import { formatCount } from '../format/count';
import { visibleValue } from '../../data/visibleText';

const SEARCH_FROM = 12;
const SHOWN = 200;

export function GroupPicker() {
  const columns = useApp((s) => s.table?.columns);
  const groupBy = useApp((s) => s.groupBy);
  const list = useApp((s) => s.groupList);
  const error = useApp((s) => s.groupError);
  const pick = useApp((s) => s.groupPick);
  const wide = useApp((s) => s.groupWide);
  const mapping = useApp((s) => s.mapping);
  const [query, setQuery] = useState('');
  const picked = useMemo(() => (pick ? new Set(pick) : null), [pick]);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return list ? (q ? list.groups.filter((g) => g.key.toLowerCase().includes(q)) : list.groups) : [];
  }, [list, query]);
  if (!columns) return null;
  const total = list?.groups.length ?? 0;
  const chosen = picked ? picked.size : total;
  // A wide file: one x and two or more other numeric columns (σ aside) that could each be a y.
  const ys = columns.filter((c) => c.categories === null && c.numeric > 0 && !mapping.x.includes(c.name) && c.name !== mapping.sigma).length;
  const noun = wide ? 'y columns' : 'groups';
  return (
    <div className="group-picker" data-testid="group-picker">
      {(ys >= 2 || wide) && (
        <label className="group-wide">
          <input type="checkbox" role="switch" checked={wide} onChange={(e) => void setGroupWide(e.target.checked)} data-testid="group-wide" />
          <span>
            Each y column is a dataset <span className="muted small">({formatCount(ys)} numeric columns besides x{mapping.sigma ? ' and σ' : ''}: a plate&apos;s wells as columns)</span>
          </span>
        </label>
      )}
      <label className="group-by">
        <span>Group by</span>
        <select className="select" data-testid="group-select" disabled={wide} title={wide ? 'Each y column is a dataset: switch that off to group by a column' : undefined} value={groupBy ?? ''} onChange={(e) => void setGroupBy(e.target.value === '' ? null : e.target.value)}>
          <option value="">none (one dataset)</option>
          {columns.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
              {c.categories !== null ? ` (text, ${c.categories} values)` : ''}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <Notice tone="error" testId="group-error">
          {error.message}
        </Notice>
      )}
      {list && (
        <div className="group-list" data-testid="group-list">
          <div className="group-list-head">
            <span data-testid="group-summary">
              {formatCount(chosen)} of {formatCount(total)} {noun} picked
              {list.ungrouped > 0 ? ` · ${formatCount(list.ungrouped)} rows with no ${list.column}` : ''}
            </span>
            <button type="button" className="link-btn" onClick={() => pickAllGroups(true)}>
              all
            </button>
            <button type="button" className="link-btn" onClick={() => pickAllGroups(false)}>
              none
            </button>
          </div>
          {total > SEARCH_FROM && (
            <input className="input group-search" type="search" placeholder={`Search ${formatCount(total)} ${noun}`} aria-label={`Search ${noun}`} data-testid="group-search" value={query} onChange={(e) => setQuery(e.target.value)} />
          )}
          <ul className="group-items">
            {matches.slice(0, SHOWN).map((g) => (
              <li key={g.key}>
                <label>
                  <input type="checkbox" checked={picked ? picked.has(g.key) : true} onChange={() => toggleGroup(g.key)} data-testid="group-item" />
                  <span className="group-key">{g.key === '' ? '(empty)' : visibleValue(g.key)}</span>
                  <span className={`small ${g.rows === 0 ? 'group-empty' : 'muted'}`}>{formatCount(g.rows)} rows</span>
                </label>
              </li>
            ))}
          </ul>
          {matches.length > SHOWN && <p className="muted small">…and {formatCount(matches.length - SHOWN)} more: search to narrow the list.</p>}
        </div>
      )}
    </div>
  );
}
