/**
 * The fit bar at the foot of the setup column: Fit (the form's submit, so Enter in any field
 * fits), Cancel while running, and the status line with streamed progress.
 */
import { useApp } from '../../state';
import { cancelFit } from '../../state/actions/fit';
import { verdict, VERDICT_TEXT } from '../../state/advice';
import { progressText } from './progressText';

function StatusLine() {
  const status = useApp((s) => s.fitStatus);
  const progress = useApp((s) => s.progress);
  const outcome = useApp((s) => s.outcome);
  const error = useApp((s) => s.fitError);
  const hasData = useApp((s) => s.selection !== null);
  const waitingFile = useApp((s) => s.pendingLink?.expected.fileName ?? (s.pendingLink ? '' : null));
  let state: string = status;
  let text: string;
  if (status === 'running') text = progressText(progress);
  else if (status === 'error' && error) text = error.message;
  else if (status === 'done' && outcome) {
    const v = verdict(outcome.result);
    state = v;
    const r = outcome.result;
    text = v === 'converged' ? `${VERDICT_TEXT[v]} · ${r.nit} iteration${r.nit === 1 ? '' : 's'} · ${(r.fitMs / 1000).toFixed(2)} s` : VERDICT_TEXT[v];
  } else if (waitingFile !== null) text = `Open ${waitingFile || 'the linked data file'} to fit this link`;
  else text = hasData ? 'Ready: press Fit or Enter' : 'Load data to begin';
  return (
    <div className={`status status-${state}`} data-testid="status" data-state={state} role="status" aria-live="polite">
      {status === 'running' && <span className="spinner" aria-hidden="true" />}
      <span className="status-text">{text}</span>
    </div>
  );
}

export function FitBar() {
  const running = useApp((s) => s.fitStatus === 'running');
  return (
    <div className="fitbar">
      <div className="fitbar-buttons">
        <button type="submit" className="btn btn-primary btn-fit" disabled={running} data-testid="fit-button" aria-keyshortcuts="Enter Control+Enter">
          {running ? 'Fitting…' : 'Fit'}
          {!running && <kbd className="kbd" aria-hidden="true">Enter</kbd>}
        </button>
        {running && (
          <button type="button" className="btn btn-cancel" onClick={cancelFit} data-testid="cancel-button" aria-keyshortcuts="Escape">
            Cancel
          </button>
        )}
      </div>
      <StatusLine />
    </div>
  );
}
