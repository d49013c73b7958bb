/**
 * "Group by": any column (text or numeric) names the groups; its groups are listed with their row
 * counts (among the rows the filters keep), each picked or not, with a search box when there are
 * many. Long lists show the first few hundred matches (a 10 000-group plate is searched, not
 * scrolled).
 */
import { useMemo, useState } from 'react';
import { useApp } from '../../state';
import { pickAllGroups, setGroupBy, toggleGroup } from '../../state/actions/groups';
import { Notice } from '../common/Notice';

const SEARCH_FROM = 12;
const SHOWN = 200;

export function GroupPicker() {
  const columns = useApp((s) => s.table?.columns);
  const groupBy = useApp((s) => s.groupBy);
  const list = useApp((s) => s.groupList);
  const error = useApp((s) => s.groupError);
  const pick = useApp((s) => s.groupPick);
  const [query, setQuery] = useState('');
  const picked = useMemo(() => (pick ? new Set(pick) : null), [pick]);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return list ? (q ? list.groups.filter((g) => g.key.toLowerCase().includes(q)) : list.groups) : [];
  }, [list, query]);
  if (!columns) return null;
  const total = list?.groups.length ?? 0;
  const chosen = picked ? picked.size : total;
  return (
    <div className="group-picker" data-testid="group-picker">
      <label className="group-by">
        <span>Group by</span>
        <select className="select" data-testid="group-select" value={groupBy ?? ''} onChange={(e) => void setGroupBy(e.target.value === '' ? null : e.target.value)}>
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
              {chosen.toLocaleString('en-US')} of {total.toLocaleString('en-US')} groups picked
              {list.ungrouped > 0 ? ` · ${list.ungrouped.toLocaleString('en-US')} rows with no ${list.column}` : ''}
            </span>
            <button type="button" className="link-btn" onClick={() => pickAllGroups(true)}>
              all
            </button>
            <button type="button" className="link-btn" onClick={() => pickAllGroups(false)}>
              none
            </button>
          </div>
          {total > SEARCH_FROM && (
            <input className="input group-search" type="search" placeholder={`Search ${total.toLocaleString('en-US')} groups`} aria-label="Search groups" data-testid="group-search" value={query} onChange={(e) => setQuery(e.target.value)} />
          )}
          <ul className="group-items">
            {matches.slice(0, SHOWN).map((g) => (
              <li key={g.key}>
                <label>
                  <input type="checkbox" checked={picked ? picked.has(g.key) : true} onChange={() => toggleGroup(g.key)} data-testid="group-item" />
                  <span className="group-key">{g.key === '' ? '(empty)' : g.key}</span>
                  <span className="muted small">{g.rows.toLocaleString('en-US')} rows</span>
                </label>
              </li>
            ))}
          </ul>
          {matches.length > SHOWN && <p className="muted small">…and {(matches.length - SHOWN).toLocaleString('en-US')} more: search to narrow the list.</p>}
        </div>
      )}
    </div>
  );
}
