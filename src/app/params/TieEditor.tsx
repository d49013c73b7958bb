/**
 * Tying a parameter to an expression of the others (issue 10; lmfit's `expr`, the CLI's --tie):
 * the "= …" button of a row opens a text field; Enter applies (setTie checks it as the CLI does),
 * Escape closes it unchanged, an empty field unties. A tie that cannot be made keeps the text in
 * the field with the reason under it, so nothing typed is lost.
 */
import { useState, type KeyboardEvent } from 'react';
import { setTie } from '../../state/actions/ties';

export function TieButton({ name, tied, open, disabled, onOpen }: { readonly name: string; readonly tied: boolean; readonly open: boolean; readonly disabled: boolean; readonly onOpen: () => void }) {
  return (
    <button
      type="button"
      className={tied ? 'tie-btn is-tied' : 'tie-btn'}
      disabled={disabled}
      aria-expanded={open}
      aria-label={tied ? `Edit the tie of ${name}` : `Tie ${name} to an expression of the other parameters`}
      onClick={onOpen}
      title={tied ? `${name} is tied: edit or remove its expression` : `Tie ${name} to an expression of the other parameters (e.g. ${name} = 2*a): it is then not fitted`}
      data-testid={`param-tie-${name}`}
    >
      = …
    </button>
  );
}

export function TieEditor({ name, expression, onClose }: { readonly name: string; readonly expression: string; readonly onClose: () => void }) {
  const [text, setText] = useState(expression);
  const [error, setError] = useState<string | null>(null);
  const errorId = `tie-error-${name}`;
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      // Enter applies the tie; it must not also submit the form (which runs Fit).
      e.preventDefault();
      e.stopPropagation();
      const problem = setTie(name, text);
      setError(problem);
      if (problem === null) onClose();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };
  return (
    <div className="tie-editor">
      <label className="tie-field">
        <code className="tie-lhs">{name} =</code>
        <input
          type="text"
          className="input mono tie-input"
          value={text}
          // Opened on purpose by the "= …" button: the field takes the keyboard at once.
          autoFocus
          spellCheck={false}
          autoComplete="off"
          placeholder="expression of the other parameters, e.g. 2*a"
          aria-label={`${name} tied to`}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : `tie-hint-${name}`}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          data-testid={`param-tie-input-${name}`}
        />
      </label>
      {error ? (
        <p className="field-error" id={errorId} role="alert" data-testid={`param-tie-error-${name}`}>
          {error}
        </p>
      ) : (
        <p className="hint tie-hint" id={`tie-hint-${name}`}>
          Enter ties {name} (it is then not fitted), Escape cancels; an empty field unties it.
        </p>
      )}
    </div>
  );
}
