import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { RenderBoundary } from './app/common/RenderBoundary';
import { markWork } from './app/plot/plotlySlices';
import { store } from './state/store';
import './styles/index.css';

// A store change re-renders synchronously (useSyncExternalStore): the mark names such a task in
// e2e/firstplot.spec.ts's list of long tasks.
store.subscribe(() => markWork('store.update'));

// The first render as a transition: React renders it in slices of a few ms with yields between
// (a plain render was one main-thread task of 50–100 ms after the first paint); the commit that
// puts it on the page is still one piece.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <RenderBoundary area="The page">
        <App />
      </RenderBoundary>
    </StrictMode>,
  );
});
