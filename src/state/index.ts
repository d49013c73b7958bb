/** The store, its React hook and the actions, for components. */
import { useStore } from 'zustand';
import { store, type AppState } from './store';

export { store, getState, setState, type AppState } from './store';
export { currentSpec } from './selectors/spec';
export { applySpec } from './actions/applySpec';

export function useApp<T>(selector: (s: AppState) => T): T {
  return useStore(store, selector);
}
