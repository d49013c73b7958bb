/**
 * The toolbar slot in the header: the stable place for "Copy link", "Export" and "Sessions"
 * (issue #5). Controls added here get the toolbar's button style and keyboard order.
 */
import type { ReactNode } from 'react';

export interface ToolbarProps {
  readonly children?: ReactNode;
}

export function Toolbar({ children }: ToolbarProps) {
  return (
    <div className="toolbar" role="toolbar" aria-label="Share and export" data-testid="toolbar-slot" id="fitbench-toolbar">
      {children}
    </div>
  );
}
