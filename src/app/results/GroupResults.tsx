/**
 * "Fit each group" results (issue 9): the overlay of the groups with their curves, and a table
 * with one row per group (group, rows, status, each parameter ± standard error, reduced χ², R²),
 * sortable by a click on a column header; a group that failed says why in its row; Export CSV.
 * Choosing a row (a click, or Enter on its group's button) opens that group's full single fit
 * (OpenedGroup.tsx, with the way back to this table).
 */
import { useMemo } from 'react';
import { useApp } from '../../state';
import { clearBatch, sortBatch } from '../../state/actions/batch';
import { openGroup } from '../../state/actions/openGroup';
import { batchCsv, groupStatusText, groupWhy, sortedBatchRows } from '../../state/batchTable';
import { batchProgressText, OVERLAY_MAX } from '../../state/slices/batch';
import { groupName } from '../../state/slices/data';
import { groupTiedValues, tiedNote } from '../../state/groupTies';
import { downloadText } from '../export/download';
import { formatNumber } from '../format/number';
import { groupFigure } from '../plot/groupFigure';
import { groupLogHiddenNote } from '../plot/logHidden';
import { PlotlyChart } from '../plot/PlotlyChart';
import { OpenedGroup } from './OpenedGroup';
import { formatCount } from '../format/count';
import { ScrollingTable } from '../common/ScrollingTable';
import { visibleValue } from '../../data/visibleText';
import { groupResultsStale, groupRoutNote } from '../../state/selectors/groupFits';
import { INTERVAL_TITLES, INTERVAL_WORDS, shownInterval, type IntervalChoice } from '../assay/shownInterval';
import type { GroupBatchOutcome } from '../../worker/api';

type GroupBootstrap = NonNullable<NonNullable<GroupBatchOutcome['bootstrap']>[number]>;

/** Rows drawn in the table: enough to read and sort; beyond this the page would slow to a crawl
 *  (ten thousand groups are 70 000 cells), and Export CSV has every group. */
const TABLE_ROWS_MAX = 1000;

function num(v: number, digits = 5): string {
  return Number.isFinite(v) ? formatNumber(v, digits) : v === Infinity ? '∞' : '–';
}

function SortHeader({ column, label, numeric = false }: { column: string; label: string; numeric?: boolean }) {
  const sort = useApp((s) => s.batchSort);
  const active = sort?.column === column;
  const aria = active ? (sort.descending ? 'descending' : 'ascending') : 'none';
  return (
    <th scope="col" aria-sort={aria} className={numeric ? 'cell-num' : undefined}>
      <button type="button" className="sort-button" onClick={() => sortBatch(column)} data-testid={`sort-${column}`}>
        {label}
        <span className="sort-mark" aria-hidden="true">{active ? (sort.descending ? '▼' : '▲') : ''}</span>
      </button>
    </th>
  );
}

/** A group's bootstrap interval of one parameter, under its value ± SE (nothing without one). */
function BootEnds({ ends, name }: { readonly ends: readonly [number, number] | undefined; readonly name: string }) {
  if (!ends) return null;
  return (
    <span className="group-boot" data-testid={`group-boot-${name}`} data-lower={String(ends[0])} data-upper={String(ends[1])}>
      [{num(ends[0], 5)}, {num(ends[1], 5)}]
    </span>
  );
}

/** What the brackets under the values are: which interval, and how it was resampled. */
function bootNote(b: GroupBootstrap, choice: IntervalChoice): string {
  const shown = shownInterval(b, choice).interval;
  return `In brackets: each group's 95% bootstrap ${INTERVAL_WORDS[shown]} interval (${b.kind} resampling, ${formatCount(b.resamples)} resamples of the group's own fit, seed ${b.seed} for every group).`;
}

export function GroupResults() {
  const batch = useApp((s) => s.batch);
  const stale = useApp((s) => groupResultsStale(s, s.batch?.model));
  const status = useApp((s) => s.batchStatus);
  const sort = useApp((s) => s.batchSort);
  const groupBy = useApp(groupName);
  const opened = useApp((s) => s.batchOpen !== null);
  const fitting = useApp((s) => s.fitStatus === 'running');
  const mapping = useApp((s) => s.mapping);
  const plot = useApp((s) => s.plot);
  const xLabel = mapping.x[plot.plotVar] ?? 'x';
  // A wide file's groups are its y columns: the y axis is none of them.
  const yLabel = useApp((s) => (s.groupWide ? 'y' : s.mapping.y || 'y'));
  const figure = useMemo(() => (batch ? groupFigure(batch.overlay, xLabel, yLabel, plot.logX, plot.logY) : null), [batch, xLabel, yLabel, plot.logX, plot.logY]);
  // Plotly leaves x ≤ 0 (y ≤ 0) off a log axis without a word: said under the plot, as the main plot does.
  const logNote = useMemo(() => (batch ? groupLogHiddenNote(batch.overlay, { logX: plot.logX, logY: plot.logY, xName: xLabel, yName: yLabel }) : null), [batch, plot.logX, plot.logY, xLabel, yLabel]);
  const rows = useMemo(() => (batch ? sortedBatchRows(batch, sort) : []), [batch, sort]);
  // Each group's bootstrap interval (issue 26), the one the assay card shows, by group key.
  const intervalChoice = useApp((s) => s.assay.interval);
  // The assay card's ROUT runs on a single fit; "Fit each group" fits every group on all its rows (issue 26).
  const routNote = useApp(groupRoutNote);
  const boots = useMemo(() => (batch?.bootstrap ? new Map(batch.rows.flatMap((row, i) => (batch.bootstrap![i] ? [[row.key, shownInterval(batch.bootstrap![i]!, intervalChoice)] as const] : []))) : null), [batch, intervalChoice]);
  const boot = batch?.bootstrap?.find((b) => b !== null) ?? null;
  if (!batch) return null;
  const column = groupBy ?? 'group';
  if (opened) return <OpenedGroup column={column} />;
  const exportCsv = () => downloadText(batchCsv(batch, column, sort), `groups-${column}.csv`, 'text/csv');
  const shown = batch.overlay.length;
  const ties = batch.ties ?? [];
  return (
    <section className="card group-results" aria-label="Per-group fits" data-testid="group-results">
      <header className="group-results-head">
        <h2 className="panel-title">Each {column}: {batchProgressText({ done: batch.rows.length, total: batch.total, failed: batch.failed })}</h2>
        <div className="group-results-actions">
          <button type="button" className="btn btn-small" onClick={exportCsv} data-testid="group-export-csv">Export CSV</button>
          <button type="button" className="btn btn-small" onClick={() => void clearBatch()} data-testid="group-clear">Close</button>
        </div>
      </header>
      {stale && (
        <p className="stale" data-testid="group-stale">
          {stale}
        </p>
      )}
      {status === 'cancelled' && <p className="notice notice-info" data-testid="group-cancelled">Cancelled: the {formatCount(batch.rows.length)} groups fitted before Cancel are kept.</p>}
      {figure && <PlotlyChart data={figure.data} layout={figure.layout} className="group-plot" testId="group-plot" label={`${yLabel} against ${xLabel}, one colour per ${column}, with each fitted curve`} />}
      {figure && logNote && <p className="plot-note" data-testid="group-plot-note">{logNote}</p>}
      {batch.overlayCapped && <p className="muted" data-testid="group-overlay-note">The plot shows the first {shown} of {formatCount(batch.total)} groups (at most {OVERLAY_MAX}); the table has them all.</p>}
      <p className="muted small group-open-hint">Choose a {column} to open its full results.</p>
      <ScrollingTable testId="group-table">
        <table className="group-table" data-testid="group-table">
          <thead>
            <tr>
              <SortHeader column="group" label={column} />
              <SortHeader column="rows" label="Rows" numeric />
              <SortHeader column="status" label="Status" />
              {batch.names.map((n) => <SortHeader key={n} column={n} label={`${n} ± SE`} numeric />)}
              {ties.map((t) => <th key={t.name} scope="col" className="cell-num" title={`${t.name} = ${t.expression}: tied, computed from the group's fitted parameters`}>{t.name} (tied)</th>)}
              <SortHeader column="redchi2" label="Reduced χ²" numeric />
              <SortHeader column="r2" label="R²" numeric />
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, TABLE_ROWS_MAX).map((row) => (
              <tr
                key={row.key}
                className={`group-row${row.success ? '' : ' group-failed'}`}
                data-group={row.key}
                onClick={(e) => {
                  // The group's own button opens it; a click anywhere else on the row does too.
                  if (!fitting && !(e.target as HTMLElement).closest('button')) void openGroup(row.key);
                }}
              >
                <th scope="row">
                  <button type="button" className="link-btn group-open" disabled={fitting} onClick={() => void openGroup(row.key)} data-testid="group-open" aria-label={`Open ${column} ${row.key}: its full results`}>
                    {visibleValue(row.key)}
                  </button>
                </th>
                <td className="cell-num">{row.rows}</td>
                {row.code ? (
                  <td colSpan={batch.names.length + ties.length + 3} className="group-message" data-testid="group-message">
                    {groupStatusText(row)}: {row.message}
                  </td>
                ) : (
                  <>
                    <td title={row.message}>
                      {groupStatusText(row)}
                      {groupWhy(row, batch.names) && <span className="group-why" data-testid="group-why">{groupWhy(row, batch.names)}</span>}
                    </td>
                    {batch.names.map((n, j) => (
                      <td key={n} className="cell-num" data-param={n}>
                        {num(row.params[j], 6)}
                        {Number.isNaN(row.stderr[j]) ? '' : <span className="pm"> ± {num(row.stderr[j], 3)}</span>}
                        <BootEnds ends={boots?.get(row.key)?.ends[n]} name={n} />
                      </td>
                    ))}
                    {groupTiedValues(ties, batch.names, row.params).map((v, i) => (
                      <td key={ties[i].name} className="cell-num" data-tied={ties[i].name}>{num(v, 6)}</td>
                    ))}
                    <td className="cell-num" data-col="redchi2">{num(row.redchi2)}</td>
                    <td className="cell-num" data-col="r2">{num(row.r2, 5)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingTable>
      {boot && <p className="muted small" data-testid="group-boot-note" title={INTERVAL_TITLES[shownInterval(boot, intervalChoice).interval]}>{bootNote(boot, intervalChoice)}</p>}
      {routNote && <p className="muted small" data-testid="group-rout-note">{routNote}</p>}
      {ties.length > 0 && <p className="muted small" data-testid="group-tied-note">{tiedNote(ties, true)}</p>}
      {rows.length > TABLE_ROWS_MAX && (
        <p className="muted" data-testid="group-table-note">
          The table shows the first {formatCount(TABLE_ROWS_MAX)} of {formatCount(rows.length)} groups in this order (sort by a column to see others); Export CSV has them all.
        </p>
      )}
    </section>
  );
}
