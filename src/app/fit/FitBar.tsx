/**
 * The fit bar at the foot of the setup column: Fit (the form's submit, so Enter in any field
 * fits), Cancel while running, the status line with streamed progress, and above them what
 * became of a lost worker (next to the controls it concerns, visible at any width).
 */
import { useApp } from '../../state';
import { cancelFit } from '../../state/actions/fit';
import { loadingBlocker } from '../../state/selectors/fitBlockers';
import { useShallow } from 'zustand/react/shallow';
import { cancelGroupFits } from '../../state/actions/batch';
import { cancelGlobalFit, runGroupFitsInMode } from '../../state/actions/global';
import { anyFitRunning, effectiveShared } from '../../state/selectors/groupFits';
import { batchProgressText, globalProgressText } from '../../state/slices/batch';
import { searchProgressText } from '../../state/slices/startSearch';
import { groupName } from '../../state/slices/data';
import { verdict, VERDICT_TEXT } from '../../state/advice';
import { resultsFresh } from '../../state/signature';
import { progressText } from './progressText';
import { GroupModeChoice } from './GroupModeChoice';
import { WorkerNotice } from './WorkerNotice';
import { MixedOptions } from '../mixed/MixedOptions';
import { mixedButtonLabel, mixedStatusText } from '../mixed/mixedStatus';
import { cancelMixedFit } from '../../state/actions/mixed';

function StatusLine() {
  const status = useApp((s) => s.fitStatus);
  const cancelled = useApp((s) => s.fitCancelled);
  const progress = useApp((s) => s.progress);
  // Fit with empty start values searches for them first (issue 11).
  const search = useApp((s) => (s.startSearch?.status === 'running' && s.startSearch.trigger === 'fit' ? s.startSearch : null));
  const outcome = useApp((s) => s.outcome);
  // The results describe another page (the model, data, parameters or fit settings changed since, or a fit was
  // cancelled and a reload lost that word): the verdict is the last fit's, not the page's.
  const stale = useApp((s) => s.outcome !== null && !resultsFresh(s));
  const error = useApp((s) => s.fitError);
  const hasData = useApp((s) => s.selection !== null);
  const reading = useApp(loadingBlocker);
  const waitingFile = useApp((s) => s.pendingLink?.expected.fileName ?? (s.pendingLink ? '' : null));
  // A failed fit whose error was then cleared (the model or settings were edited) is idle again:
  // "Ready" in the error's red would read as a failure.
  let state: string = status === 'error' && !error ? 'idle' : status;
  let text: string;
  if (status === 'running') text = search ? `Empty start values: ${searchProgressText(search.progress)}` : progressText(progress);
  else if (reading) {
    state = 'idle';
    text = reading;
  } else if (status === 'error' && error) text = error.message;
  else if (status === 'done' && outcome && stale) {
    state = 'stale';
    text = `Changed since the last fit (${VERDICT_TEXT[verdict(outcome.result)].toLowerCase()}): press Fit`;
  } else if (status === 'done' && outcome && !stale) {
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

/** Group fits: offered once a group column is chosen; the mode (each group or global), the
 *  button for it, and the run's progress and outcome in words. */
function GroupFitControls() {
  const groupBy = useApp(groupName);
  // A wide file's columns are fitted each on its own: the global fit takes a group column.
  const wide = useApp((s) => s.groupWide);
  const mode = useApp((s) => (s.groupWide ? 'each' : s.groupMode));
  const status = useApp((s) => s.batchStatus);
  const progress = useApp((s) => s.batchProgress);
  const error = useApp((s) => s.batchError);
  const globalStatus = useApp((s) => s.globalStatus);
  const globalProgress = useApp((s) => s.globalProgress);
  const globalError = useApp((s) => s.globalError);
  const comparing = useApp((s) => s.comparisonStatus === 'running');
  const global = useApp((s) => s.global);
  const shared = useApp(useShallow(effectiveShared));
  const busy = useApp(anyFitRunning);
  const reading = useApp(loadingBlocker);
  // A group fit with empty start values searches all rows for them first (issue 11).
  const search = useApp((s) => (s.startSearch?.status === 'running' && s.startSearch.trigger === 'groups' ? s.startSearch : null));
  // Mixed effects (issue 25): its words come from src/app/mixed/mixedStatus.ts.
  const mixedLabel = useApp(mixedButtonLabel);
  const mixedWords = useApp(useShallow((s) => mixedStatusText(s, search ? searchProgressText(search.progress) : null)));
  if (groupBy === null) return null;
  const running = mode === 'global' ? globalStatus === 'running' || comparing : mode === 'mixed' ? mixedWords.state === 'running' : status === 'running';
  let text = '';
  let state: string = mode === 'global' ? globalStatus : status;
  if (mode === 'mixed') ({ text, state } = mixedWords);
  else if (running && search) text = `Empty start values, all rows: ${searchProgressText(search.progress)}`;
  else if (mode === 'global') {
    if (running) text = globalProgress ? globalProgressText(globalProgress) : comparing ? 'Comparing with separate fits…' : 'Fitting all groups at once…';
    else if (globalStatus === 'error' && globalError) text = globalError.message;
    else if (globalStatus === 'cancelled') text = globalError?.message ?? 'Cancelled.';
    else if (globalStatus === 'done' && global) text = `Global fit of ${global.rows.filter((r) => r.included).length} groups ${global.success ? 'converged' : 'did not converge'} · ${global.shared.join(', ')} shared`;
    else if (shared.length === 0) {
      text = 'Mark the parameters all groups share: switch them from "local" to "shared" in their rows.';
      state = 'idle';
    }
  } else if (running) text = progress ? `Fitting each group: ${batchProgressText(progress)}` : 'Fitting each group…';
  else if (status === 'error' && error) text = error.message;
  else if ((status === 'done' || status === 'cancelled') && progress) text = `${status === 'cancelled' ? 'Cancelled at' : 'Fitted'} ${batchProgressText(progress)}`;
  const label = mode === 'mixed' ? mixedLabel : mode === 'global' ? (running ? 'Fitting globally…' : shared.length > 0 ? `Fit globally (${shared.join(', ')} shared)` : 'Fit globally') : running ? 'Fitting groups…' : `Fit each ${groupBy}`;
  return (
    <div className="fitbar-groups">
      {!wide && <GroupModeChoice disabled={busy} />}
      {!wide && mode === 'mixed' && <MixedOptions disabled={busy} />}
      <div className="fitbar-buttons">
        <button type="button" className="btn btn-primary-outline" disabled={busy || reading !== null} title={reading ?? undefined} onClick={() => void runGroupFitsInMode()} data-testid="fit-groups-button">
          {label}
        </button>
        {running && (
          <button type="button" className="btn btn-cancel" onClick={mode === 'global' ? cancelGlobalFit : mode === 'mixed' ? cancelMixedFit : cancelGroupFits} data-testid="cancel-groups-button">
            Cancel
          </button>
        )}
      </div>
      {text && (
        <div className={`status status-wrap status-${state === 'error' ? 'error' : running ? 'running' : 'idle'}`} data-testid="group-status" data-state={state} data-mode={mode} role="status" aria-live="polite">
          {running && <span className="spinner" aria-hidden="true" />}
          <span className="status-text">{text}</span>
        </div>
      )}
    </div>
  );
}

export function FitBar() {
  const running = useApp(anyFitRunning);
  // The group fits have their own Cancel beside their button.
  const single = useApp((s) => s.fitStatus === 'running');
  // Other data are being read: the rows in the worker are still the earlier data's.
  const reading = useApp(loadingBlocker);
  return (
    <div className="fitbar">
      <WorkerNotice />
      <div className="fitbar-buttons">
        <button type="submit" className="btn btn-primary btn-fit" disabled={running || reading !== null} title={reading ?? undefined} data-testid="fit-button" aria-keyshortcuts="Enter Control+Enter">
          {running ? 'Fitting…' : 'Fit'}
          {!running && <kbd className="kbd" aria-hidden="true">Enter</kbd>}
        </button>
        {single && (
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
