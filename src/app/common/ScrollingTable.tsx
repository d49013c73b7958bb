/**
 * A table that scrolls sideways inside its box when it is wider than the card (the per-group
 * tables), and says so while it does (issue 27: at 1024 px the per-group table was cut
 * mid-number with no sign that it scrolls). A ResizeObserver follows the width: the line is there
 * exactly while the table is wider than its box, which then takes the keyboard (arrow keys scroll).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function ScrollingTable({ testId, children }: { readonly testId: string; readonly children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {scrolls && (
        <p className="muted small scroll-hint" data-testid={`${testId}-scrolls`}>
          Scroll the table sideways for more columns →
        </p>
      )}
      <div ref={box} className="group-table-wrap" data-testid={`${testId}-wrap`} tabIndex={scrolls ? 0 : undefined} role={scrolls ? 'region' : undefined} aria-label={scrolls ? 'Table, scrolls sideways' : undefined}>
        {children}
      </div>
    </>
  );
}
