/**
 * The notice about a fit that was interrupted with its state saved (issue 12): Resume continues it
 * from there, Discard deletes the saved state. A saved state that belongs to another fit says what
 * differs and offers Discard only; a damaged one says it was discarded.
 */
import { useApp } from '../../state';
import { discardInterruptedFit } from '../../state/actions/checkpoint';
import { resumeInterruptedFit } from '../../state/actions/resumeInterruptedFit';
import { differenceWords, interruptedWords } from '../../state/checkpointWords';

export function InterruptedFitNotice() {
  const interrupted = useApp((s) => s.interruptedFit);
  const pageModel = useApp((s) => s.modelText);
  const running = useApp((s) => s.fitStatus === 'running');
  if (!interrupted) return null;
  const { offer, fileName } = interrupted;
  if (offer.kind === 'damaged') {
    return (
      <div className="notice notice-warning page-notice" role="status" data-testid="interrupted-fit" data-state="damaged">
        <div className="page-notice-body">
          <strong>A saved fit could not be read</strong> ({offer.problem}), so it was discarded. The session itself is intact; press Fit to run the fit again.
        </div>
        <button type="button" className="icon-btn page-notice-close" aria-label="Dismiss" onClick={discardInterruptedFit} data-testid="interrupted-fit-dismiss">
          ×
        </button>
      </div>
    );
  }
  const resumable = offer.kind === 'resumable';
  return (
    <div className={`notice ${resumable ? 'notice-info' : 'notice-warning'} page-notice interrupted-fit`} role="status" data-testid="interrupted-fit" data-state={offer.kind} data-iteration={offer.iteration} data-nfev={offer.nfev}>
      <div className="page-notice-body">
        <strong className="ink">{interruptedWords(offer, fileName)}</strong>{' '}
        {resumable ? (
          <span className="page-notice-hint">Resume continues it from there and ends where it would have ended.</span>
        ) : (
          <span>It cannot be resumed here: {differenceWords(offer.difference, pageModel)}.</span>
        )}
        <div className="interrupted-fit-actions">
          {resumable && (
            <button type="button" className="btn btn-small btn-primary" disabled={running} onClick={() => void resumeInterruptedFit()} data-testid="interrupted-fit-resume">
              Resume
            </button>
          )}
          <button type="button" className="btn btn-small" onClick={discardInterruptedFit} data-testid="interrupted-fit-discard">
            Discard
          </button>
        </div>
      </div>
    </div>
  );
}
