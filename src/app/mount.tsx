/** Puts the workbench on the page (src/main.tsx loads this module after React's). */
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { store } from '../state/store';
import { App } from './App';
import { RenderBoundary } from './common/RenderBoundary';
import { markWork } from './plot/plotlySlices';
import { removeOrphanedSessions } from '../state/actions/orphanSessions';
import { sweepStreamFolders } from '../state/actions/streamFolders';
import { macrotask } from '../parallel/web/macrotask';

export function mount(root: Root): void {
  // A store change re-renders synchronously (useSyncExternalStore): the mark names such a task in
  // e2e/firstplot.spec.ts's list of long tasks.
  // One mark per task: a task may change the store many times, and each mark cost 1–5 ms there.
  let marked = false;
  store.subscribe(() => {
    if (marked) return;
    marked = true;
    markWork('store.update');
    void macrotask().then(() => (marked = false));
  });
  // The first render as a transition: React renders it in slices of a few ms with yields between
  // (a plain render was one main-thread task of 50–100 ms after the first paint); the commit that
  // puts it on the page is still one piece.
  // Once the page is up: the keys of sessions a closed page left unlisted, then the streamed
  // tables' folders that no saved session refers to and no tab holds (issue 12).
  setTimeout(() => void removeOrphanedSessions().then(() => sweepStreamFolders()), 1000);
  startTransition(() => {
    root.render(
      <StrictMode>
        <RenderBoundary area="The page">
          <App />
        </RenderBoundary>
      </StrictMode>,
    );
  });
}
