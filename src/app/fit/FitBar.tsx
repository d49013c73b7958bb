/**
 * The fit bar at the foot of the setup column: Fit (the form's submit, so Enter in any field
 * fits), Cancel while running, the status line with streamed progress, and above them what
 * became of a lost worker (next to the controls it concerns, visible at any width).
 */
import { useApp } from '../../state';
import { cancelFit } from '../../state/actions/fit';
import { cancelGroupFits, runGroupFits } from '../../state/actions/batch';
import { batchProgressText } from '../../state/slices/batch';
import { groupName } from '../../state/slices/data';
import { verdict, VERDICT_TEXT } from '../../state/advice';
import { progressText } from './progressText';
import { WorkerNotice } from './WorkerNotice';

function StatusLine() {
  const status = useApp((s) => s.fitStatus);
  const cancelled = useApp((s) => s.fitCancelled);
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
  } else if (status === 'idle' && cancelled) {
    state = 'cancelled';
    text = VERDICT_TEXT.cancelled;
  } else if (waitingFile !== null) text = `Open ${waitingFile || 'the linked data file'} to fit this link`;
  else text = hasData ? 'Ready: press Fit or Enter' : 'Load data to begin';
  return (
    <div className={`status status-${state}`} data-testid="status" data-state={state} role="status" aria-live="polite">
      {status === 'running' && <span className="spinner" aria-hidden="true" />}
      <span className="status-text">{text}</span>
    </div>
  );
}

/** "Fit each group": offered once a group column is chosen; its progress and outcome in words. */
function GroupFitControls() {
  const groupBy = useApp(groupName);
  const status = useApp((s) => s.batchStatus);
  const progress = useApp((s) => s.batchProgress);
  const error = useApp((s) => s.batchError);
  const fitting = useApp((s) => s.fitStatus === 'running');
  if (groupBy === null) return null;
  const running = status === 'running';
  let text = '';
  if (running) text = progress ? `Fitting each group: ${batchProgressText(progress)}` : 'Fitting each group…';
  else if (status === 'error' && error) text = error.message;
  else if ((status === 'done' || status === 'cancelled') && progress) text = `${status === 'cancelled' ? 'Cancelled at' : 'Fitted'} ${batchProgressText(progress)}`;
  return (
    <div className="fitbar-groups">
      <div className="fitbar-buttons">
        <button type="button" className="btn btn-primary-outline" disabled={running || fitting} onClick={() => void runGroupFits()} data-testid="fit-groups-button">
          {running ? 'Fitting groups…' : `Fit each ${groupBy}`}
        </button>
        {running && (
          <button type="button" className="btn btn-cancel" onClick={cancelGroupFits} data-testid="cancel-groups-button">
            Cancel
          </button>
        )}
      </div>
      {text && (
        <div className={`status status-${status === 'error' ? 'error' : running ? 'running' : 'idle'}`} data-testid="group-status" data-state={status} role="status" aria-live="polite">
          {running && <span className="spinner" aria-hidden="true" />}
          <span className="status-text">{text}</span>
        </div>
      )}
    </div>
  );
}

export function FitBar() {
  const running = useApp((s) => s.fitStatus === 'running' || s.batchStatus === 'running');
  return (
    <div className="fitbar">
      <WorkerNotice />
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
      <GroupFitControls />
    </div>
  );
}
