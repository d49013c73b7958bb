import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { RenderBoundary } from './app/common/RenderBoundary';
import './styles/index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RenderBoundary area="The page">
      <App />
    </RenderBoundary>
  </StrictMode>,
);
