/**
 * The page's FitSpec as links, exports and scripts carry it: currentSpec without data, and with
 * columns.x narrowed to the x columns the model uses (a link names exactly the model's variables,
 * in column order; a chosen x column the model ignores has nothing to contribute).
 */
import type { FitSpec } from '../share/types';
import { currentSpec } from './selectors/spec';
import type { AppState } from './store';

export function portableSpec(s: AppState): FitSpec {
  const spec = currentSpec(s);
  // An ODE model's x is its time column (currentSpec keeps it alone), not one of its variables.
  const used = s.modelInfo.error || s.modelInfo.ode ? spec.columns.x : spec.columns.x.filter((name) => s.modelInfo.variables.includes(name));
  return { ...spec, columns: { ...spec.columns, x: used }, data: null };
}

/** Why the page cannot be shared or exported as a fit yet, or null when it can. */
export function shareBlocker(s: AppState): string | null {
  if (!s.table) return 'Load data first.';
  if (!s.selection) return s.selectionError?.message ?? 'Choose the x and y columns first.';
  if (s.modelText.trim() === '') return 'Write a model or pick one from the library first.';
  if (s.modelInfo.error) return `Fix the model first: ${s.modelInfo.error.message}`;
  if (s.params.length !== s.modelInfo.params.length) return 'The parameter table does not match the model yet.';
  return null;
}
