/**
 * "Deleted the session decay.csv · … Undo": shown for UNDO_DELETE_MS after a session is deleted,
 * at the foot of the window (over nothing that matters, whatever the width), so that a deletion
 * made by a slip is taken back in one click. The record and data stay stored until it goes.
 */
import { useApp } from '../../state';
import { finishDelete, undoDeleteSession, UNDO_DELETE_MS } from '../../state/actions/sessions';
import './sessionUndo.css';

export function SessionUndo() {
  const deleted = useApp((s) => s.deletedSession);
  if (!deleted) return null;
  return (
    <div className="session-undo" role="status" data-testid="session-deleted" data-session-id={deleted.id}>
      <span className="session-undo-text">
        Deleted the session <strong>{deleted.fileName}</strong>
        {deleted.model.trim() !== '' && <code className="session-undo-model">{deleted.model}</code>}
      </span>
      <button type="button" className="btn btn-small session-undo-button" onClick={() => void undoDeleteSession()} data-testid="session-undo" title={`Bring the session back (possible for ${UNDO_DELETE_MS / 1000} s)`}>
        Undo
      </button>
      <button type="button" className="icon-btn session-undo-close" aria-label="Dismiss (the deletion becomes final)" onClick={() => void finishDelete()} data-testid="session-deleted-dismiss">
        ×
      </button>
    </div>
  );
}
