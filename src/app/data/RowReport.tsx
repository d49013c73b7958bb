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
  const shown = dropped.length;
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
        {droppedCount > 0 && (
          <>
            {' · '}
            <span className="warn-text" data-testid="dropped-count">
              {formatCount(droppedCount)} dropped
            </span>
          </>
        )}
      </p>
      {(droppedCount > 0 || structural > 0) && (
        <details className="dropped" data-testid="dropped-rows">
          <summary>Rows that cannot be used{structural > 0 ? ` and ${structural} malformed line${structural === 1 ? '' : 's'}` : ''}</summary>
          <ul className="issue-list">
            {table.issues.map((issue, i) => (
              <li key={`s${i}`}>{formatIssue(issue)}</li>
            ))}
            {dropped.map((issue, i) => (
              <li key={`d${i}`}>{formatIssue(issue)}</li>
            ))}
          </ul>
          {droppedCount > shown && <p className="muted small">…and {formatCount(droppedCount - shown)} more.</p>}
        </details>
      )}
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
        {droppedCount > 0 && (
          <>
            {' · '}
            <span className="warn-text" data-testid="dropped-count">
              {formatCount(droppedCount)} dropped
            </span>
          </>
        )}{' '}
        · the plot draws {formatCount(sample)} of them
      </p>
      {(droppedCount > 0 || structural > 0) && (
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
      )}
      {problem && (
        <p className="warn-text" data-testid="stream-problem">
          {problem}: fix the file, or raise the memory budget to read it in memory.
        </p>
      )}
    </div>
  );
}
