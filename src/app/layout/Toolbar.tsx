/**
 * The toolbar at the right of the top bar: the recent sessions (with when the page was last saved), the Export
 * menu and Copy link (issue #5). Its controls use the page's button style and keyboard order.
 */
import type { ReactNode } from 'react';
import { ExportMenu } from '../export/ExportMenu';
import { CopyLink } from '../share/CopyLink';
import { SessionsMenu } from '../sessions/SessionsMenu';
import '../share/toolbar.css';

export interface ToolbarProps {
  /** More controls, after the built-in ones. */
  readonly children?: ReactNode;
}

export function Toolbar({ children }: ToolbarProps) {
  return (
    <div className="toolbar" role="toolbar" aria-label="Share and export" data-testid="toolbar-slot" id="fitbench-toolbar">
      <SessionsMenu />
      <ExportMenu />
      <CopyLink />
      {children}
    </div>
  );
}
