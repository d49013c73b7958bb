import { createRoot } from 'react-dom/client';
import { nextTask } from './app/common/nextTask';
import './styles/index.css';

// The page's code is evaluated in steps, one task each, after React's: the state and its actions,
// then the workbench's components. Evaluating the whole bundle at once was one main-thread task of
// 50–100 ms after the first paint (e2e/firstplot.spec.ts, bench/results/firstplot.md).
// Each step leaves a performance mark in the task that evaluated it (e2e/firstplot.spec.ts).
performance.mark('page.evaluate react');
const root = createRoot(document.getElementById('root')!);
void nextTask()
  .then(() => import('./state/store'))
  .then(() => performance.mark('page.evaluate state'))
  .then(nextTask)
  .then(() => import('./app/mount'))
  .then((m) => {
    performance.mark('page.evaluate workbench');
    m.mount(root);
  });
