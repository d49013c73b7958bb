/** How the file is read, where the reader could guess wrong: the sheet of a workbook, and whether
 *  the first row is a header. Changing either reads the file again (the page keeps it). */
import { useApp } from '../../state';
import { reloadTable } from '../../state/actions/data';

/** A restored session (or a link's data) keeps the table as it was read, not the file: the switch
 *  shows how it was read, and says how to read it otherwise (a switch that vanished on a reload was
 *  a trial finding). */
const NOT_HELD = 'This session keeps the table as it was read, not the file: open the file again to read its first row otherwise.';

export function ReadOptions() {
  const table = useApp((s) => s.table);
  const reloadable = useApp((s) => s.reloadable);
  const busy = useApp((s) => s.loading !== null);
  if (!table) return null;
  const sheets = reloadable ? (table.source?.sheets ?? []) : [];
  // A Parquet file names its columns in its schema: there is no first row to doubt.
  const headerAsked = table.source?.format !== 'parquet';
  if (sheets.length < 2 && !headerAsked) return null;
  return (
    <div className="read-options" data-testid="read-options">
      {sheets.length > 1 && (
        <label className="read-sheet">
          <span>Sheet</span>
          <select className="select" value={table.source?.sheet ?? ''} disabled={busy} data-testid="sheet-select" onChange={(e) => void reloadTable({ sheet: e.target.value, header: 'auto' })}>
            {sheets.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      )}
      {headerAsked && (
        <label className={reloadable ? 'check' : 'check is-disabled'} title={reloadable ? undefined : NOT_HELD}>
          <input type="checkbox" checked={table.hasHeader} disabled={busy || !reloadable} data-testid="header-switch" onChange={(e) => void reloadTable({ header: e.target.checked })} />
          First row is header
        </label>
      )}
      {headerAsked && !reloadable && (
        <p className="hint" data-testid="header-switch-note">
          {NOT_HELD}
        </p>
      )}
    </div>
  );
}
