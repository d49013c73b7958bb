/** Progress of a load (with Cancel), or why it failed. */
import { useApp } from '../../state';
import { cancelLoad } from '../../state/actions/data';
import { Notice } from '../common/Notice';
import { formatCount } from '../format/count';

export function LoadStatus() {
  const loading = useApp((s) => s.loading);
  const error = useApp((s) => s.loadError);
  if (loading) {
    const pct = loading.fraction === null ? null : Math.round(loading.fraction * 100);
    return (
      <div className="load-progress" data-testid="load-progress" role="status">
        <div className="load-progress-text">
          {loading.streaming ? `Streaming ${loading.name} to browser storage (past the memory budget)…` : `Reading ${loading.name}…`} {loading.rows > 0 && <span className="muted">{formatCount(loading.rows)} rows</span>}
          {pct !== null && <span className="muted"> · {pct}%</span>}
        </div>
        <progress max={100} value={pct ?? undefined} aria-label="Loading progress" />
        <button type="button" className="btn btn-small" onClick={cancelLoad}>
          Cancel
        </button>
      </div>
    );
  }
  if (error) {
    return (
      <Notice tone="error" testId="load-error">
        <strong>Could not read the data.</strong> {error.message}
        {error.line !== undefined && !error.message.includes(`line ${error.line}`) && !error.message.includes(`Line ${error.line}`) && <> (line {error.line})</>}
      </Notice>
    );
  }
  return null;
}
