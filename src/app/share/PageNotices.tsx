/**
 * Messages about the page as a whole, above the plot: a link that could not be opened (in
 * decodeSpec's words, with what the page did), a link without data, the session restored at
 * startup (or why it could not be), a fit interrupted with its state saved (Resume / Discard), and storage that cannot keep sessions (said once).
 */
import { useApp } from '../../state';
import { dismissLinkMessage } from '../../state/actions/link';
import { dismissRestored, dismissStorageError, newSession } from '../../state/actions/sessions';
import { savedAtText } from '../sessions/timeText';
import { forgetLink } from './hashSync';
import { InterruptedFitNotice } from './InterruptedFitNotice';

function Dismiss({ onClick, label, testId }: { readonly onClick: () => void; readonly label: string; readonly testId: string }) {
  return (
    <button type="button" className="icon-btn page-notice-close" aria-label={label} onClick={onClick} data-testid={testId}>
      ×
    </button>
  );
}

export function PageNotices() {
  const linkError = useApp((s) => s.linkError);
  const linkNotice = useApp((s) => s.linkNotice);
  const restored = useApp((s) => s.restored);
  const storageError = useApp((s) => s.storageError);
  const interruptedFit = useApp((s) => s.interruptedFit);
  if (!linkError && !linkNotice && !restored && !storageError && !interruptedFit) return null;
  return (
    <div className="page-notices">
      {linkError && (
        <div className="notice notice-error page-notice" role="alert" data-testid="link-error" data-code={linkError.code}>
          <div className="page-notice-body">
            <strong>This link could not be opened.</strong> {linkError.message}
            <div className="page-notice-hint">Nothing from it was loaded or run; the workbench is empty. Drop a CSV, paste data or try a sample to start.</div>
          </div>
          <Dismiss
            label="Dismiss the link message"
            testId="link-error-dismiss"
            onClick={() => {
              dismissLinkMessage();
              forgetLink();
            }}
          />
        </div>
      )}
      {linkNotice && (
        <div className="notice notice-info page-notice" role="status" data-testid="link-notice">
          <div className="page-notice-body">{linkNotice}</div>
          <Dismiss label="Dismiss" testId="link-notice-dismiss" onClick={dismissLinkMessage} />
        </div>
      )}
      {restored && (
        <div className={`notice ${restored.error || restored.note ? 'notice-warning' : 'notice-info'} page-notice`} role="status" data-testid="session-restored" data-state={restored.error ? 'failed' : 'restored'}>
          <div className="page-notice-body">
            {restored.error ? (
              <>
                <strong>Your last session could not be restored.</strong> {restored.error}
              </>
            ) : (
              <>
                {restored.opened ? 'Opened session' : 'Restored your last session'}: <strong className="ink">{restored.meta.name}</strong> <span className="muted">({savedAtText(restored.meta.savedAt, Date.now())})</span>.{' '}
                {!restored.opened && (
                  <button type="button" className="link-btn" onClick={() => void newSession()} data-testid="session-restored-new">
                    Start a new session
                  </button>
                )}
                {restored.note && (
                  <div className="page-notice-hint" data-testid="session-restored-note">
                    {restored.note}
                  </div>
                )}
              </>
            )}
          </div>
          <Dismiss label="Dismiss" testId="session-restored-dismiss" onClick={dismissRestored} />
        </div>
      )}
      <InterruptedFitNotice />
      {storageError && (
        <div className="notice notice-warning page-notice" role="status" data-testid="storage-warning">
          <div className="page-notice-body">{storageError}</div>
          <Dismiss label="Dismiss the storage message" testId="storage-warning-dismiss" onClick={dismissStorageError} />
        </div>
      )}
    </div>
  );
}
