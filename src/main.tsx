import { createRoot } from 'react-dom/client';
import { nextTask } from './app/common/nextTask';
import { formatCount } from './app/format/count';
import './styles/index.css';

// The page's code is evaluated in steps, one task each, after React's: the state and its actions,
// then the workbench's components. Evaluating the whole bundle at once was one main-thread task of
// 50–100 ms after the first paint (e2e/firstplot.spec.ts, bench/results/firstplot.md).
// Each step leaves a performance mark in the task that evaluated it (e2e/firstplot.spec.ts).
performance.mark('page.evaluate react');
// The first count formatted for 'en-US' loads the locale's data from ICU (10–40 ms, one piece):
// here it comes before the first paint (the entry script holds it, vite.config.ts), not as a
// task after it (in the task that delivered a sample's rows, or a task of its own).
formatCount(1234.5);
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
