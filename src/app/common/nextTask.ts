/**
 * Giving the main thread back between pieces of work, so that no piece is one long task (issue 13:
 * no task over 50 ms after the first paint, e2e/firstplot.spec.ts).
 */
import { macrotask } from '../../parallel/web/macrotask';

/** Resolves in a later task: scheduler.yield where there is one (its continuation runs before
 *  other queued work), else a message to ourselves (setTimeout is throttled in hidden tabs). */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return macrotask();
}

/**
 * Runs `work` once the page has painted and the main thread is idle: code the first screen does
 * not show (plotly.js, the results cards) is fetched and evaluated then, before it is needed.
 * Browsers without requestIdleCallback wait a second.
 */
export function whenIdleAfterPaint(work: () => void): void {
  const idle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 1000));
  // Two frames: the first paint has happened by the second.
  requestAnimationFrame(() => requestAnimationFrame(() => idle(work)));
}
