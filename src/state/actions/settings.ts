/** Solver settings (loss, tolerances, budget, backend, absolute σ). */
import type { SolverSettings } from '../../share/types';
import { getState, setState } from '../store';

export function setSettings(patch: Partial<SolverSettings>): void {
  const s = getState();
  const fitError = s.fitError?.field === 'settings' ? null : s.fitError;
  setState({ settings: { ...s.settings, ...patch }, fitError });
}

export function setDragging(dragging: boolean): void {
  if (getState().dragging !== dragging) setState({ dragging });
}
