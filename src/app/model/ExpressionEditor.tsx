/**
 * The model editor: a textarea over a backdrop that colours parameters, variables and functions
 * and underlines a parse error at its position. Enter fits (Shift+Enter for a new line).
 */
import { useLayoutEffect, useRef } from 'react';
import { useApp } from '../../state';
import { editModel } from '../../state/actions/modelEdit';
import { highlight } from './highlight';

const FIELD_SIZING = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

export function ExpressionEditor() {
  const text = useApp((s) => s.modelText);
  const info = useApp((s) => s.modelInfo);
  const backdrop = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  // Grow with the text (up to the CSS max-height), so a long model is seen whole. CSS does it where
  // field-sizing is supported (model.css); measuring here forces a synchronous layout.
  useLayoutEffect(() => {
    const el = input.current;
    if (!el || FIELD_SIZING) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [text]);
  const error = info.error && info.error.code !== 'empty' ? info.error : null;
  return (
    <div className={error ? 'editor has-error' : 'editor'}>
      <div className="editor-backdrop" ref={backdrop} aria-hidden="true">
        {highlight(text, info.tokens, error)}
      </div>
      <textarea
        ref={input}
        className="editor-input"
        value={text}
        rows={2}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        autoComplete="off"
        placeholder="e.g. A*exp(-t/tau) + c"
        aria-label="Model expression"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'model-error' : 'model-names'}
        data-testid="model-editor"
        onChange={(e) => void editModel(e.target.value)}
        onScroll={(e) => {
          if (backdrop.current) backdrop.current.scrollTop = e.currentTarget.scrollTop;
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
      />
    </div>
  );
}
