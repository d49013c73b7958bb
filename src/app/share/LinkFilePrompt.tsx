/**
 * A link whose data were too large to carry: the page names the file and its row count and asks
 * for it (drop it here or choose it); the file is read and its used columns checked against the
 * link's fingerprint in the worker before anything is fitted, and a file that does not match is
 * refused with the reason while the page keeps waiting.
 */
import { useRef, useState } from 'react';
import { useApp } from '../../state';
import { cancelPendingLink } from '../../state/actions/link';
import { setDragging } from '../../state/actions/settings';
import { specDataColumns } from '../../share/index';
import { HiddenFileInput } from '../common/HiddenFileInput';
import { Notice } from '../common/Notice';
import { openFile } from './openFile';
import { formatCount } from '../format/count';

export function LinkFilePrompt() {
  const pending = useApp((s) => s.pendingLink);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  if (!pending) return null;
  const { expected, spec, checking, fileError } = pending;
  const file = expected.fileName ?? 'the data file';
  const rows = formatCount(expected.rows);
  const take = (f: File | undefined) => {
    if (f) void openFile(f);
  };
  return (
    <section className="card link-prompt" aria-labelledby="link-prompt-title" data-testid="link-file-prompt" data-file={expected.fileName ?? ''} data-rows={expected.rows}>
      <h2 className="empty-title" id="link-prompt-title">
        Open {file} to fit this link
      </h2>
      <p className="muted">
        The link holds the model, the parameters and the solver settings, but its data ({rows} rows of <strong className="ink">{file}</strong>) were too large to travel in it. Open the same file: it is checked
        against the link's fingerprint (the row count and a hash of the columns {specDataColumns(spec).names.join(', ')}) before the fit runs.
      </p>
      <div
        className={over ? 'link-drop is-over' : 'link-drop'}
        data-testid="link-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setOver(false);
          setDragging(false);
          take(e.dataTransfer.files[0]);
        }}
      >
        <svg viewBox="0 0 48 48" width="36" height="36" aria-hidden="true" className="link-drop-icon">
          <path d="M24 30V8m0 0-8 8m8-8 8 8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M8 30v8a4 4 0 0 0 4 4h24a4 4 0 0 0 4-4v-8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <span>Drop {file} here, or</span>
        <button type="button" className="btn btn-primary-outline" onClick={() => input.current?.click()} disabled={checking !== null} data-testid="link-file-choose">
          Choose {expected.fileName ?? 'the file'}…
        </button>
        <HiddenFileInput ref={input} testId="link-file-input" onFile={take} />
      </div>
      {checking !== null && (
        <p className="link-checking" role="status" data-testid="link-file-checking">
          <span className="spinner" aria-hidden="true" /> Reading and checking {checking}…
        </p>
      )}
      {fileError !== null && checking === null && (
        <Notice tone="error" testId="link-file-error">
          {fileError}
        </Notice>
      )}
      <p className="small muted">
        Don't have the file?{' '}
        <button type="button" className="link-btn" onClick={cancelPendingLink} data-testid="link-file-cancel">
          Use other data instead
        </button>{' '}
        (the model and settings stay).
      </p>
    </section>
  );
}
