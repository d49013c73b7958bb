/** Step 2: the model — a library entry or an expression, checked as you type. */
import { useApp } from '../../state';
import { guessParams } from '../../state/actions/model';
import { libraryModel } from '../../state/library';
import { Notice } from '../common/Notice';
import { Panel } from '../common/Panel';
import { DetectedNames } from './DetectedNames';
import { ExpressionEditor } from './ExpressionEditor';
import { LibraryPicker } from './LibraryPicker';
import { StartSearchButton, StartSearchNotice } from './StartSearch';

function ModelError() {
  const error = useApp((s) => s.modelInfo.error);
  const fitError = useApp((s) => (s.fitError?.field === 'model' ? s.fitError : null));
  const shown = error && error.code !== 'empty' ? error : null;
  if (!shown && !fitError) return null;
  return (
    <Notice tone="error" id="model-error" testId="model-error">
      {shown ? shown.message : fitError?.message}
      {shown?.hint && !shown.message.includes(shown.hint) && <span className="hint-inline">: {shown.hint}</span>}
    </Notice>
  );
}

export function ModelPanel() {
  const def = useApp((s) => libraryModel(s.libraryId));
  const xName = useApp((s) => (s.table ? (s.mapping.x[0] ?? null) : null));
  return (
    <Panel
      title="Model"
      step={2}
      testId="model-panel"
      actions={
        <>
          <button type="button" className="btn btn-small" disabled={!def} onClick={() => void guessParams()} data-testid="guess-button" title={def ? 'Starting values from the data' : 'Guess works for library models; Auto start works for any model'}>
            Guess
          </button>
          <StartSearchButton />
        </>
      }
    >
      <LibraryPicker />
      {def && (
        <div className="formula" data-testid="library-formula">
          <span className="formula-text">
            {def.formula}
            {xName && xName !== 'x' && <span className="formula-where">, x = {xName}</span>}
          </span>
          <span className="muted small">{def.description}</span>
        </div>
      )}
      <ExpressionEditor />
      <ModelError />
      <StartSearchNotice />
      <DetectedNames />
    </Panel>
  );
}
