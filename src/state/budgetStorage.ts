/** Where the page keeps its memory budget for the tab (sessionStorage), and the device's memory. */
import { defaultPageBudget, parseMemorySize } from '../store/memoryBudget';

export const BUDGET_KEY = 'fitbench.memoryBudget';

export function budgetStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage blocked (a sandboxed frame)
  }
}

/** navigator.deviceMemory in GiB (Chromium rounds it and caps it at 8); undefined where absent. */
export function deviceMemory(): number | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as { deviceMemory?: number }).deviceMemory;
}

/** The budget the tab set before, else the device's default. */
export function initialMemoryBudget(): number {
  const saved = budgetStorage()?.getItem(BUDGET_KEY);
  const parsed = saved ? parseMemorySize(saved) : null;
  return parsed?.ok ? parsed.bytes : defaultPageBudget(deviceMemory());
}
