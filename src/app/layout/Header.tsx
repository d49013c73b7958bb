/** The top bar: name, what is loaded, and the toolbar slot for sharing and exports. */
import { useApp } from '../../state';
import { Logo } from './Logo';
import { Toolbar } from './Toolbar';

function SourceLabel() {
  const source = useApp((s) => s.source);
  const rows = useApp((s) => s.table?.rows ?? null);
  if (!source || rows === null) return <span className="source muted">No data loaded</span>;
  return (
    <span className="source" data-testid="source-label">
      <span className="source-name">{source.name}</span>
      <span className="muted"> · {rows.toLocaleString('en-US')} rows</span>
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
      <Toolbar />
    </header>
  );
}
