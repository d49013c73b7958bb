/** How many rows a fit uses, and every row it cannot use, with its line and reason. */
import { formatIssue } from '../../data/formatIssue';
import { useApp } from '../../state';
import { formatCount } from '../format/count';

export function RowReport() {
  const selection = useApp((s) => s.selection);
  const table = useApp((s) => s.table);
  if (!selection || !table) return null;
  const { rows, droppedCount, dropped, filteredCount, excludedCount } = selection;
  const structural = table.issueCount;
  const shown = dropped.length;
  if (selection.streamed) return <StreamedRows rows={selection.streamed.rows} sample={rows} problem={selection.streamed.problem} />;
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

/** A streamed table (issue 12): the fit reads every stored row; the page draws a sample of them. */
function StreamedRows({ rows, sample, problem }: { readonly rows: number; readonly sample: number; readonly problem: string | null }) {
  return (
    <div className="row-report" data-testid="row-report">
      <p className="rows-used" data-testid="rows-used">
        <strong>{formatCount(rows)}</strong> rows used · the plot draws {formatCount(sample)} of them
      </p>
      {problem && (
        <p className="warn-text" data-testid="stream-problem">
          {problem}: fix the file, or raise the memory budget to read it in memory.
        </p>
      )}
    </div>
  );
}
