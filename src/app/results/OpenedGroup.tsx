/**
 * One group of a per-group batch opened as a single fit (issue 9): says which group the plot and
 * the results below show and how they were made, steps to the previous or next group in the
 * table's order, and leads back to the table ("All N groups", also Escape), where focus returns
 * to the row that was opened.
 */
import { useEffect, useRef } from 'react';
import { useApp } from '../../state';
import { closeGroup, groupFilter, openGroup } from '../../state/actions/openGroup';
import { groupStatusText, sortedBatchRows } from '../../state/batchTable';
import { formatCount } from '../format/count';
import { visibleValue } from '../../data/visibleText';

/** After the table is drawn again, the opened group's button takes the focus (keyboard users
 *  land where they left). */
function focusRow(key: string): void {
  requestAnimationFrame(() => {
    const button = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="group-table"] tbody tr')).find((tr) => tr.dataset.group === key)?.querySelector('button');
    button?.focus();
    button?.scrollIntoView({ block: 'nearest' });
  });
}

export function OpenedGroup({ column }: { column: string }) {
  const open = useApp((s) => s.batchOpen);
  const batch = useApp((s) => s.batch);
  const sort = useApp((s) => s.batchSort);
  const wide = useApp((s) => s.groupWide);
  const by = useApp((s) => s.groupBy);
  const fitting = useApp((s) => s.fitStatus === 'running');
  const back = useRef<HTMLButtonElement>(null);
  const key = open?.key;
  // Focus goes to Back once per opened group, when its fit has ended (a disabled button takes none).
  const focused = useRef<string | null>(null);
  const ended = useApp((s) => s.fitStatus === 'done' || s.fitStatus === 'error');
  useEffect(() => {
    if (!ended || !key || focused.current === key) return;
    focused.current = key;
    back.current?.focus();
  }, [key, ended]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !key || fitting) return;
      // Escape in a field undoes the typing, in a menu or popover it closes that: not ours.
      const at = e.target instanceof Element ? e.target : null;
      if (at?.closest('input, textarea, select, [role="menu"], [role="dialog"]')) return;
      e.preventDefault();
      void closeGroup().then(() => focusRow(key));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [key, fitting]);
  if (!open || !batch) return null;
  const rows = sortedBatchRows(batch, sort);
  const at = rows.findIndex((r) => r.key === open.key);
  const row = rows[at];
  const prev = rows[at - 1];
  const next = rows[at + 1];
  const goBack = () => void closeGroup().then(() => focusRow(open.key));
  const how = wide ? `the y column ${open.key}` : `the rows where ${groupFilter(by ?? column, open.key)} (shown as a row filter)`;
  return (
    <section className="card group-results group-opened" aria-label={`${column} ${open.key}: full results`} data-testid="group-opened">
      <header className="group-results-head">
        <h2 className="panel-title" data-testid="group-opened-title">
          {column} {visibleValue(open.key)} <span className="muted">· {at + 1} of {formatCount(rows.length)}{row ? ` · batch: ${groupStatusText(row)}` : ''}</span>
        </h2>
        <div className="group-results-actions">
          <button type="button" className="btn btn-small" disabled={!prev || fitting} onClick={() => prev && void openGroup(prev.key)} data-testid="group-prev" aria-label={prev ? `Open the previous ${column}, ${prev.key}` : `No previous ${column}`}>
            ◀ {prev?.key ?? ''}
          </button>
          <button type="button" className="btn btn-small" disabled={!next || fitting} onClick={() => next && void openGroup(next.key)} data-testid="group-next" aria-label={next ? `Open the next ${column}, ${next.key}` : `No next ${column}`}>
            {next?.key ?? ''} ▶
          </button>
          <button ref={back} type="button" className="btn btn-small btn-primary-outline" disabled={fitting} onClick={goBack} data-testid="group-back">
            ← All {formatCount(rows.length)} {column}s
          </button>
        </div>
      </header>
      <p className="muted small">
        The plot and the results below are a single fit of {how}, from the start values the batch used. Back (or Escape) returns to the table, with your data, parameters and last fit as they were.
      </p>
    </section>
  );
}
