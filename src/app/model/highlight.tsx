/** The editor's backdrop: the text with its names coloured by role and the error marked. */
import type { ReactNode } from 'react';
import type { ModelError, StatementError } from '../../model/index';
import type { Token } from '../../state/slices/model';

export function highlight(text: string, tokens: readonly Token[], error: ModelError | StatementError | null): ReactNode[] {
  const out: ReactNode[] = [];
  if (error) {
    const start = Math.min(error.start, text.length);
    const end = Math.max(start, Math.min(error.end, text.length));
    out.push(text.slice(0, start));
    out.push(
      <mark key="err" className={end > start ? 'err-mark' : 'err-mark err-caret'}>
        {end > start ? text.slice(start, end) : '\u200b'}
      </mark>,
    );
    out.push(text.slice(end));
  } else {
    let at = 0;
    tokens.forEach((t, i) => {
      if (t.start < at) return;
      out.push(text.slice(at, t.start));
      out.push(
        <span key={i} className={`tok tok-${t.role}`}>
          {text.slice(t.start, t.end)}
        </span>,
      );
      at = t.end;
    });
    out.push(text.slice(at));
  }
  // A trailing newline needs a character after it to take up its line in the backdrop.
  out.push('\u200b');
  return out;
}
