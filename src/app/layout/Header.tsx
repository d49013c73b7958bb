/** The top bar: name and what is loaded. The toolbar (sessions, exports, links) shares its row but
 *  is mounted by App before it, so the keyboard reaches it first and the setup right after. */
import { useApp } from '../../state';
import { Logo } from './Logo';
import { rowsText } from './rowsText';

function SourceLabel() {
  const source = useApp((s) => s.source);
  const rows = useApp((s) => s.table?.rows ?? null);
  // A streamed table's fit reads every stored row; the selection counts the sample drawn (issue 12).
  const used = useApp((s) => s.selection?.streamed?.rows ?? s.selection?.rows ?? null);
  if (!source || rows === null) return <span className="source muted">No data loaded</span>;
  return (
    <span className="source" data-testid="source-label">
      <span className="source-name">{source.name}</span>
      <span className="muted" data-testid="source-rows"> · {rowsText(rows, used)}</span>
    </span>
  );
}

export function Header() {
  return (
    <header className="topbar">
      <div className="brand">
        <Logo />
        <span className="brand-name">Fitbench</span>
        <span className="brand-tag">curve fitting in the browser</span>
      </div>
      <SourceLabel />
    </header>
  );
}
