/** Progress of a load (with Cancel), or why it failed. */
import { useApp } from '../../state';
import { cancelLoad } from '../../state/actions/data';
import { Notice } from '../common/Notice';
import { formatCount } from '../format/count';
import type { StreamGone } from '../../state/slices/data';

export function LoadStatus() {
  const loading = useApp((s) => s.loading);
  const error = useApp((s) => s.loadError);
  const gone = useApp((s) => (s.table ? null : s.streamGone));
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
  if (gone) return <StreamGoneNotice gone={gone} />;
  return null;
}

/** A restored session whose streamed data could not be opened again (issue 12): ask for the file. */
function StreamGoneNotice({ gone }: { readonly gone: StreamGone }) {
  const what = `${gone.fileName} (${formatCount(gone.rows)} rows)`;
  return (
    <Notice tone="warning" testId="stream-gone">
      {gone.kind === 'gone' ? (
        <>
          <strong>This session's data are no longer in browser storage.</strong> {what} was streamed to the browser's private storage, which has since been cleared or reclaimed for space.
        </>
      ) : (
        <>
          <strong>This session's data are open in another tab.</strong> {what} is streamed from browser storage, and another tab of Fitbench holds it: close that tab and reload, or
        </>
      )}{' '}
      {gone.kind === 'gone' ? (
        <>
          Drop <strong>{gone.fileName}</strong> again to continue: the model, parameters and settings are kept.
        </>
      ) : (
        // The other tab keeps saving that session: the data dropped here are saved as another one.
        <>
          drop <strong>{gone.fileName}</strong> again to work on it here as a new session: the model, parameters and settings are kept.
        </>
      )}
    </Notice>
  );
}
