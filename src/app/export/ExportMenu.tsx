/**
 * "Export": a menu button (APG menu pattern). Enter, Space or ArrowDown opens it on the first
 * item, ArrowUp on the last; arrows, Home and End move; Enter or Space runs an item; Escape
 * closes it and focus returns to the button; Tab closes it. Unavailable items stay focusable,
 * marked aria-disabled, with the reason as their tooltip and description.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useApp } from '../../state';
import { copyText } from '../share/clipboard';
import { PopoverHead } from '../share/CopyLink';
import { useDismiss, usePopover } from '../share/usePopover';
import { Chevron } from '../sessions/SessionsMenu';
import { EXPORT_GROUPS, exportAvailability, pythonExportLabel, exportBlocker, exportScopeNote, type ExportId, type ExportItem } from './catalogue';
import { downloadBlob } from './download';
import { exportFileBase } from './fileBase';
import type { ExportOutput } from './run';

/** The exports' code (scripts, reports, CSV writers) is loaded when an export is first run. */
const runExport = (id: ExportId): Promise<ExportOutput> => import('./run').then((m) => m.runExport(id));

type Message = { readonly kind: 'error'; readonly text: string } | { readonly kind: 'cli'; readonly text: string; readonly copied: boolean } | { readonly kind: 'busy'; readonly text: string };

const ITEMS: readonly ExportItem[] = EXPORT_GROUPS.flatMap((g) => g.items);

export function ExportMenu() {
  const blocked = useApp(exportBlocker);
  const base = useApp(exportFileBase);
  const scopeNote = useApp(exportScopeNote);
  const pythonLabel = useApp(pythonExportLabel);
  const availability = useApp(useShallowAvailability());
  const pop = usePopover();
  const [message, setMessage] = useState<Message | null>(null);
  const [focusOn, setFocusOn] = useState<'first' | 'last' | null>(null);
  /** The item under the pointer or the focus: its reason shows at the foot of the menu. */
  const [active, setActive] = useState<ExportId | null>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!pop.open || focusOn === null) return;
    const list = items.current.filter((b): b is HTMLButtonElement => b !== null);
    (focusOn === 'first' ? list[0] : list[list.length - 1])?.focus();
    setFocusOn(null);
  }, [pop.open, focusOn]);

  const openMenu = (at: 'first' | 'last') => {
    if (blocked) return;
    setMessage(null);
    pop.show();
    setFocusOn(at);
  };

  const run = async (id: ExportId) => {
    if (availability[id] !== null) return;
    pop.hide(true);
    setMessage({ kind: 'busy', text: 'Preparing the export…' });
    const out = await runExport(id);
    if (out.kind === 'file') {
      downloadBlob(out.blob, out.fileName);
      setMessage(null);
    } else if (out.kind === 'copy') {
      setMessage({ kind: 'cli', text: out.text, copied: await copyText(out.text) });
    } else {
      setMessage({ kind: 'error', text: out.message });
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = items.current.filter((b): b is HTMLButtonElement => b !== null);
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Tab') {
      pop.hide();
      return;
    } else return;
    e.preventDefault();
  };

  let index = 0;
  return (
    <div className="tool">
      <button
        ref={pop.buttonRef}
        type="button"
        className="btn"
        aria-haspopup="menu"
        aria-expanded={pop.open}
        aria-controls={pop.open ? 'export-menu' : undefined}
        aria-disabled={blocked ? true : undefined}
        title={blocked ? `Export: ${blocked}` : 'Export the results, curves, plot, or the fit as code'}
        data-testid="export-button"
        onClick={() => (pop.open ? pop.hide() : openMenu('first'))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            openMenu(e.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        Export
        <Chevron />
      </button>
      {pop.open && (
        <div ref={pop.panelRef} className="popover popover-menu" id="export-menu" role="menu" aria-label="Export" data-testid="export-menu" onKeyDown={onMenuKey}>
          {scopeNote && (
            <p className="menu-hint menu-scope" data-testid="export-scope">
              {scopeNote}
            </p>
          )}
          {EXPORT_GROUPS.map((g) => (
            <div key={g.title} role="group" aria-labelledby={`export-group-${g.title}`} className="menu-group">
              <div className="menu-group-title" id={`export-group-${g.title}`} aria-hidden="true">
                {g.title}
              </div>
              {g.items.map((item) => {
                const i = index++;
                const why = availability[item.id];
                return (
                  <button
                    key={item.id}
                    ref={(el) => {
                      items.current[i] = el;
                    }}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className="menu-item"
                    aria-disabled={why ? true : undefined}
                    aria-describedby={why ? 'export-hint' : undefined}
                    title={why ?? undefined}
                    data-testid={`export-${item.id}`}
                    onClick={() => void run(item.id)}
                    onFocus={() => setActive(item.id)}
                    onPointerMove={(e) => {
                      // The pointer and the focus are one cursor, as in a native menu, but only
                      // when the pointer moves: a menu opened under a resting pointer (the browser
                      // sends it a still move after layout) must not take the keyboard's place.
                      if ((e.movementX === 0 && e.movementY === 0) || document.activeElement === e.currentTarget) return;
                      e.currentTarget.focus();
                      setActive(item.id);
                    }}
                  >
                    <span className="menu-item-label">{item.id === 'python' ? pythonLabel : item.label}</span>
                    <span className="menu-item-tag">{item.tag}</span>
                  </button>
                );
              })}
            </div>
          ))}
          <p className="menu-hint" id="export-hint" data-testid="export-hint" aria-live="polite">
            {active && availability[active] ? availability[active] : blockedHint(availability, base)}
          </p>
        </div>
      )}
      {message && !pop.open && <ExportMessage message={message} onClose={() => setMessage(null)} />}
    </div>
  );
}

/** The foot of the menu when no unavailable item is active: what would make the others available. */
function blockedHint(availability: Record<ExportId, string | null>, base: string): string {
  return availability['results-json'] ? 'The results and curves need a fit first; the plot and the code are ready.' : `Files are named after the data: ${base}-results.json, ${base}-plot.png…`;
}

/** The availability record, recomputed only when one of its reasons changes. */
function useShallowAvailability() {
  const last = useRef<Record<ExportId, string | null> | null>(null);
  return useMemo(
    () => (s: Parameters<typeof exportAvailability>[0]) => {
      const next = exportAvailability(s);
      const prev = last.current;
      if (prev && ITEMS.every((it) => prev[it.id] === next[it.id])) return prev;
      last.current = next;
      return next;
    },
    [],
  );
}

function ExportMessage({ message, onClose }: { readonly message: Message; readonly onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, onClose, message.kind !== 'busy');
  if (message.kind === 'busy') {
    return (
      <div ref={ref} className="popover popover-link" role="status" data-testid="export-message" data-state="busy">
        <p className="popover-text">{message.text}</p>
      </div>
    );
  }
  if (message.kind === 'error') {
    return (
      <div ref={ref} className="popover popover-link" role="alert" data-testid="export-message" data-state="error">
        <PopoverHead title="The export failed" onClose={onClose} />
        <p className="popover-text field-error">{message.text}</p>
      </div>
    );
  }
  return (
    <div ref={ref} className="popover popover-link" role="dialog" aria-label="fitbench command" data-testid="export-message" data-state={message.copied ? 'copied' : 'shown'}>
      <PopoverHead title={message.copied ? 'Command copied' : 'Copy this command'} tone={message.copied ? 'ok' : undefined} onClose={onClose} />
      <p className="popover-text">
        {message.copied ? 'The fitbench command for this fit is on the clipboard. Run it where the data file is:' : 'The browser did not allow copying: select the command and copy it (Ctrl+C).'}
      </p>
      <textarea className="link-field cli-field" readOnly value={message.text} rows={Math.min(8, Math.ceil(message.text.length / 42) + 1)} data-testid="cli-text" onFocus={(e) => e.target.select()} autoFocus={!message.copied} />
      <p className="popover-text">
        {/* The one-file CLI the build puts beside the page (scripts/cliBundle.mjs); it needs Node 20.19 or newer. */}
        <a href="./fitbench.mjs" download="fitbench.mjs" data-testid="cli-download">
          Download the CLI
        </a>{' '}
        (fitbench.mjs, one file; needs Node.js 20.19 or newer) and keep it beside the data file.
      </p>
    </div>
  );
}
