/**
 * The page's message about its worker: lost and being restarted (with the data being reloaded),
 * restarted, or restarted without the data. In the flow of the fit bar, above Fit, never over a control.
 */
import { useApp } from '../../state';
import { dismissWorkerNotice } from '../../state/actions/recovery';

export function WorkerNotice() {
  const notice = useApp((s) => s.workerNotice);
  if (!notice) return null;
  const tone = notice.state === 'restored' ? (notice.cause === 'cancel' ? 'notice-info' : 'notice-warning') : notice.state === 'restarting' ? 'notice-info' : 'notice-error';
  return (
    <div className={`notice ${tone} page-notice`} role={notice.state === 'gave-up' || notice.state === 'failed' ? 'alert' : 'status'} data-testid="worker-notice" data-state={notice.state} data-cause={notice.cause}>
      <div className="page-notice-body">
        {notice.state === 'restarting' && <span className="spinner" aria-hidden="true" />} {notice.message}
      </div>
      <button type="button" className="icon-btn page-notice-close" aria-label="Dismiss the worker message" onClick={dismissWorkerNotice} data-testid="worker-notice-dismiss">
        ×
      </button>
    </div>
  );
}
