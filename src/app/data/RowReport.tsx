/** How many rows a fit uses, and every row it cannot use, with its line and reason. */
import { formatIssue } from '../../data/formatIssue';
import type { RowIssue } from '../../data/types';
import type { SelectionSummary } from '../../worker/api';
import { useApp } from '../../state';
import { formatCount } from '../format/count';

export function RowReport() {
  const selection = useApp((s) => s.selection);
  const table = useApp((s) => s.table);
  if (!selection || !table) return null;
  const { rows, droppedCount, dropped, filteredCount, excludedCount } = selection;
  const structural = table.issueCount;
  if (selection.streamed) return <StreamedRows streamed={selection.streamed} sample={rows} issues={table.issues} structural={structural} />;
  return (
    <div className="row-report" data-testid="row-report">
      <p className={droppedCount ? 'rows-used has-dropped' : 'rows-used'} data-testid="rows-used">
        <strong>{formatCount(rows)}</strong> {rows === 1 ? 'row' : 'rows'} used
        {filteredCount > 0 && (
          <>
            {' · '}
            <span data-testid="filtered-count">{formatCount(filteredCount)} filtered out</span>
          </>
        )}
        {excludedCount > 0 && (
          <>
            {' · '}
            <span data-testid="excluded-rows">{formatCount(excludedCount)} excluded</span>
          </>
        )}
        <DroppedCount count={droppedCount} />
      </p>
      <UnusableRows issues={table.issues} structural={structural} dropped={dropped} droppedCount={droppedCount} />
    </div>
  );
}

/** A streamed table (issue 12): the fit reads every usable stored row; the page draws a sample of
 *  them. Rows with unusable cells are dropped and listed as for a table in memory. */
function StreamedRows({ streamed, sample, issues, structural }: { readonly streamed: NonNullable<SelectionSummary['streamed']>; readonly sample: number; readonly issues: readonly RowIssue[]; readonly structural: number }) {
  const { rows, problem } = streamed;
  const droppedCount = streamed.droppedCount ?? 0;
  const dropped = streamed.dropped ?? [];
  return (
    <div className="row-report" data-testid="row-report">
      <p className={droppedCount ? 'rows-used has-dropped' : 'rows-used'} data-testid="rows-used">
        <strong>{formatCount(rows)}</strong> rows used
        <DroppedCount count={droppedCount} />{' '}
        · the plot draws {formatCount(sample)} of them
      </p>
      <UnusableRows issues={issues} structural={structural} dropped={dropped} droppedCount={droppedCount} />
      {problem && (
        <p className="warn-text" data-testid="stream-problem">
          {problem}: fix the file, or raise the memory budget to read it in memory.
        </p>
      )}
    </div>
  );
}

function DroppedCount({ count }: { readonly count: number }) {
  if (count === 0) return null;
  return (
    <>
      {' · '}
      <span className="warn-text" data-testid="dropped-count">
        {formatCount(count)} dropped
      </span>
    </>
  );
}

/** The malformed lines of the file and the rows the fit leaves out, each with its line and reason
 *  (the dropped ones listed up to the first few, then how many more). */
function UnusableRows({ issues, structural, dropped, droppedCount }: { readonly issues: readonly RowIssue[]; readonly structural: number; readonly dropped: readonly RowIssue[]; readonly droppedCount: number }) {
  if (droppedCount === 0 && structural === 0) return null;
  return (
    <details className="dropped" data-testid="dropped-rows">
      <summary>Rows that cannot be used{structural > 0 ? ` and ${structural} malformed line${structural === 1 ? '' : 's'}` : ''}</summary>
      <ul className="issue-list">
        {issues.map((issue, i) => (
          <li key={`s${i}`}>{formatIssue(issue)}</li>
        ))}
        {dropped.map((issue, i) => (
          <li key={`d${i}`}>{formatIssue(issue)}</li>
        ))}
      </ul>
      {droppedCount > dropped.length && <p className="muted small">…and {formatCount(droppedCount - dropped.length)} more.</p>}
    </details>
  );
}
