import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { RenderBoundary } from './app/common/RenderBoundary';
import { markWork } from './app/plot/plotlySlices';
import { store } from './state/store';
import './styles/index.css';

// A store change re-renders synchronously (useSyncExternalStore): the mark names such a task in
// e2e/firstplot.spec.ts's list of long tasks.
store.subscribe(() => markWork('store.update'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RenderBoundary area="The page">
      <App />
    </RenderBoundary>
  </StrictMode>,
);
