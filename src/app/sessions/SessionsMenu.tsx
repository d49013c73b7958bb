/**
 * "Sessions": the recent sessions saved in this browser (newest first), to go back to or delete,
 * and a new empty session. The page is saved as you work; the button says when it last was.
 */
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../state';
import { deleteSession, newSession, openSession, refreshSessionList, UNDO_DELETE_MS } from '../../state/actions/sessions';
import { SESSION_LIMIT } from '../../state/sessions/record';
import type { SessionMeta } from '../../state/slices/sessions';
import { PopoverHead } from '../share/CopyLink';
import { usePopover } from '../share/usePopover';
import { savedAtText } from './timeText';
import { formatCount } from '../format/count';

export function SessionsMenu() {
  const sessions = useApp((s) => s.recentSessions);
  const currentId = useApp((s) => s.sessionId);
  const saveState = useApp((s) => s.saveState);
  const savedAt = useApp((s) => s.savedAt);
  const storageFailed = useApp((s) => s.storageFailed);
  const pop = usePopover();
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!pop.open) return;
    setNow(Date.now());
    setError(null);
    void refreshSessionList();
    // Focus the first session (or New session) when the panel opens.
    requestAnimationFrame(() => pop.panelRef.current?.querySelector<HTMLElement>('.session-open, .session-new')?.focus());
  }, [pop.open, pop.panelRef]);

  const open = async (meta: SessionMeta) => {
    pop.hide(true);
    if (meta.id === currentId) return;
    const why = await openSession(meta.id);
    if (why) {
      setError(why);
      pop.show();
    }
  };

  return (
    <div className="tool">
      <SaveStatus state={saveState} savedAt={savedAt} failed={storageFailed} />
      <button
        ref={pop.buttonRef}
        type="button"
        className="btn"
        aria-haspopup="dialog"
        aria-expanded={pop.open}
        aria-controls={pop.open ? 'sessions-panel' : undefined}
        onClick={pop.toggle}
        data-testid="sessions-button"
        data-save-state={saveState}
        data-saved-at={savedAt ?? ''}
        title="Recent sessions saved in this browser"
      >
        Sessions
        <Chevron />
      </button>
      {pop.open && (
        <div ref={pop.panelRef} className="popover popover-sessions" id="sessions-panel" role="dialog" aria-label="Recent sessions" data-testid="sessions-panel">
          <PopoverHead title="Recent sessions" onClose={() => pop.hide(true)} />
          <p className="popover-text muted small">Saved in this browser as you work: the data, model, parameters, settings and last fit of the last {SESSION_LIMIT} datasets.</p>
          {error && (
            <p className="field-error" role="alert" data-testid="sessions-error">
              {error}
            </p>
          )}
          {sessions.length === 0 ? (
            <p className="sessions-empty" data-testid="sessions-empty">
              {storageFailed ? 'Sessions cannot be saved in this browser.' : 'No saved sessions yet: load data and your work is kept here.'}
            </p>
          ) : (
            <ul className="session-list" aria-label="Saved sessions">
              {sessions.map((m) => (
                <SessionRow key={m.id} meta={m} current={m.id === currentId} now={now} onOpen={() => void open(m)} onDelete={() => void deleteSession(m.id)} />
              ))}
            </ul>
          )}
          <div className="popover-actions">
            <button
              type="button"
              className="btn btn-small session-new"
              data-testid="session-new"
              onClick={() => {
                pop.hide(true);
                void newSession();
              }}
            >
              New session
            </button>
            <span className="muted small">Starts an empty workbench; this one stays in the list.</span>
          </div>
        </div>
      )}
    </div>
  );
}

function SessionRow({ meta, current, now, onOpen, onDelete }: { readonly meta: SessionMeta; readonly current: boolean; readonly now: number; readonly onOpen: () => void; readonly onDelete: () => void }) {
  const rows = `${formatCount(meta.rows)} row${meta.rows === 1 ? '' : 's'}`;
  // Deleting asks first, in the row itself (the delete button sits next to the panel's close
  // button), and can then still be undone for a few seconds (SessionUndo.tsx).
  const [confirming, setConfirming] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (wasConfirming.current) deleteRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  if (confirming) {
    return (
      <li className="session-item is-confirming" data-testid="session-item" data-session-id={meta.id} data-rows={meta.rows}>
        <p className="session-confirm-text" id={`confirm-${meta.id}`}>
          Delete <strong>{meta.fileName}</strong> and its saved data? Undo brings it back for {UNDO_DELETE_MS / 1000} s.
        </p>
        <span className="session-confirm-actions">
          <button type="button" className="btn btn-small btn-danger" onClick={onDelete} aria-describedby={`confirm-${meta.id}`} data-testid="session-delete-confirm">
            Delete
          </button>
          <button ref={keepRef} type="button" className="btn btn-small" onClick={() => setConfirming(false)} data-testid="session-delete-cancel">
            Keep
          </button>
        </span>
      </li>
    );
  }
  return (
    <li className={current ? 'session-item is-current' : 'session-item'} data-testid="session-item" data-session-id={meta.id} data-rows={meta.rows}>
      <button type="button" className="session-open" onClick={onOpen} data-testid="session-open" aria-current={current ? 'true' : undefined} title={current ? 'This is the session on screen' : `Open ${meta.name}`}>
        <span className="session-name">
          <span className="session-file">{meta.fileName}</span>
          {meta.model.trim() !== '' && <code className="session-model">{meta.model}</code>}
        </span>
        <span className="session-meta muted small">
          {rows} · {meta.fitted ? 'fitted' : 'not fitted'} · {savedAtText(meta.savedAt, now)}
          {current && <span className="session-current">current</span>}
        </span>
      </button>
      <button ref={deleteRef} type="button" className="icon-btn session-delete" aria-label={`Delete the session ${meta.name}…`} title="Delete this session…" onClick={() => setConfirming(true)} data-testid="session-delete">
        <TrashIcon />
      </button>
    </li>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5M7 7v4M9 7v4" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function SaveStatus({ state, savedAt, failed }: { readonly state: string; readonly savedAt: number | null; readonly failed: boolean }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, []);
  let text = '';
  if (failed || state === 'failed') text = 'Not saved';
  else if (state === 'pending' || state === 'saving') text = 'Saving…';
  else if (state === 'saved' && savedAt !== null) text = savedAtText(savedAt, Date.now()).replace(/^saved/, 'Saved');
  if (text === '') return null;
  return (
    <span
      className={failed || state === 'failed' ? 'save-status warn-text' : 'save-status muted'}
      data-testid="save-status"
      aria-live="off"
    >
      {text}
    </span>
  );
}

export function Chevron() {
  return (
    <svg className="chevron" viewBox="0 0 10 6" width="10" height="6" aria-hidden="true">
      <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
