/**
 * A toolbar popover's open state: it closes on Escape (focus goes back to its button), on a
 * pointer press outside the button and the panel, and when focus leaves both.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface Popover {
  readonly open: boolean;
  readonly show: () => void;
  readonly hide: (refocus?: boolean) => void;
  readonly toggle: () => void;
  readonly buttonRef: RefObject<HTMLButtonElement | null>;
  readonly panelRef: RefObject<HTMLDivElement | null>;
}

export function usePopover(): Popover {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const hide = useCallback((refocus = false) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);
  const show = useCallback(() => setOpen(true), []);
  const toggle = useCallback(() => setOpen((o) => !o), []);

  useEffect(() => {
    if (!open) return;
    const inside = (t: EventTarget | null) => t instanceof Node && (buttonRef.current?.contains(t) || panelRef.current?.contains(t));
    const down = (e: PointerEvent) => {
      if (!inside(e.target)) hide();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        hide(true);
      }
    };
    const focus = (e: FocusEvent) => {
      if (e.target instanceof Node && !inside(e.target)) hide();
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('keydown', key, true);
    document.addEventListener('focusin', focus);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('keydown', key, true);
      document.removeEventListener('focusin', focus);
    };
  }, [open, hide]);

  return { open, show, hide, toggle, buttonRef, panelRef };
}

/** A message popover without a button of its own: Escape or a press outside closes it. */
export function useDismiss(ref: RefObject<HTMLElement | null>, onClose: () => void, active = true): void {
  useEffect(() => {
    if (!active) return;
    const down = (e: PointerEvent) => {
      if (!(e.target instanceof Node && ref.current?.contains(e.target))) onClose();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('keydown', key, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('keydown', key, true);
    };
  }, [ref, onClose, active]);
}
