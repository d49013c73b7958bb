/**
 * "Auto start" (issue 11): a button beside Guess that finds starting values for any model on
 * the data, Cancel while it runs, and what it found in words under the model (how many candidates,
 * how many refined starts agreed, the other minima), so a user can judge the starts before Fit.
 */
import { useApp } from '../../state';
import { cancelStartSearch, searchStarts } from '../../state/actions/startSearch';
import { searchProgressText, searchSummary } from '../../state/slices/startSearch';
import { Notice } from '../common/Notice';
import { isWeighted } from '../../state/slices/settings';

export function StartSearchButton() {
  const running = useApp((s) => s.startSearch?.status === 'running');
  const ready = useApp((s) => s.selection !== null && s.params.length > 0 && s.modelInfo.error === null);
  const busy = useApp((s) => s.fitStatus === 'running' || s.batchStatus === 'running');
  if (running) {
    return (
      <button type="button" className="btn btn-small" onClick={cancelStartSearch} data-testid="search-starts-cancel">
        Cancel search
      </button>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-small"
      disabled={!ready || busy}
      onClick={() => void searchStarts()}
      data-testid="search-starts"
      title={ready ? 'Search the data for starting values (Sobol candidates, linear parameters solved exactly, the best refined)' : 'Load data and write a model first'}
    >
      Auto start
    </button>
  );
}

/** The notice's first words after Fit, or a group fit, searched for empty start values. */
function emptyIntro(empty: readonly string[], cancelled: boolean, groups: boolean): string {
  const names = empty.join(', ');
  const values = `start value${empty.length === 1 ? '' : 's'}`;
  if (cancelled) return `The search for ${names} was cancelled; the rows hold the best values refined so far.`;
  if (groups) return `The group fit searched all rows, every group together, for the empty ${values} of ${names}; every group started from the best values found (now in the rows).`;
  return `Fit searched for the empty ${values} of ${names} and fitted from the best start found.`;
}

export function StartSearchNotice() {
  const search = useApp((s) => (s.startSearch && s.startSearch.model === s.modelText && s.startSearch.dataEpoch === s.dataEpoch ? s.startSearch : null));
  const weighted = useApp(isWeighted);
  const robust = useApp((s) => s.settings.loss !== 'linear');
  // The ODE job's refusal of empty starts (issue 23) is answered once every free row has a value.
  const answered = useApp((s) => search?.error?.code === 'ode-start-search' && s.params.every((p) => p.fixed || p.value !== null));
  if (!search || answered) return null;
  if (search.status === 'running') {
    return (
      <div className="notice notice-info search-progress" role="status" data-testid="search-starts-status" data-state="running">
        <span className="spinner" aria-hidden="true" /> {searchProgressText(search.progress)}
      </div>
    );
  }
  if (search.status === 'error' || (search.status === 'cancelled' && !search.outcome)) {
    return (
      <Notice tone={search.status === 'error' ? 'error' : 'info'} testId="search-starts-status">
        {search.status === 'error' ? (search.error?.message ?? 'The search failed.') : 'Search cancelled: the starting values are as they were.'}
      </Notice>
    );
  }
  const o = search.outcome!;
  return (
    <div className="notice notice-info" role="status" data-testid="search-starts-status" data-state={search.status} data-trigger={search.trigger}>
      {search.trigger === 'button' ? 'Starting values from the search.' : emptyIntro(search.empty, search.status === 'cancelled', search.trigger === 'groups')} {searchSummary(o, weighted, robust)}{' '}
      {search.trigger !== 'button' && search.status === 'done' ? '' : 'Press Fit to refine them and get errors.'}
    </div>
  );
}
