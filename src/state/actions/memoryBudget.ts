/**
 * The page's memory budget (issue 12): how much a fit may hold in memory before a dropped file is
 * streamed from browser storage. Its default is half of navigator.deviceMemory (4 GiB where the
 * browser does not say), it reads sizes as the CLI's --memory-limit does (src/store/memoryBudget.ts),
 * and it is kept for the tab's session (sessionStorage), so that a reload keeps it.
 */
import { defaultPageBudget, MIN_MEMORY_BUDGET, parseMemorySize } from '../../store/memoryBudget';
import { BUDGET_KEY, budgetStorage, deviceMemory } from '../budgetStorage';
import { getState, setState } from '../store';
import { reloadTable } from './data';

/** The message for a size the budget refuses (null: it is a size). */
export function budgetProblem(text: string): string | null {
  const parsed = parseMemorySize(text);
  if (parsed.ok) return null;
  if (parsed.problem === 'not-a-size') return `"${text.trim()}" is not a size: write e.g. 512M or 2G (K, M, G, T are powers of 1024).`;
  if (parsed.problem === 'too-large') return `${text.trim().length > 24 ? `${text.trim().slice(0, 20)}… (${text.trim().length} characters)` : text.trim()} is more than 1024T (1 PiB), beyond any machine's memory: write e.g. 512M or 2G.`;
  return `${text.trim()} is below the ${MIN_MEMORY_BUDGET / 1024 ** 2}M a fit needs at least: write e.g. 512M or 2G.`;
}

/**
 * Sets the budget from typed text; returns the problem (the budget unchanged) or null. A file that
 * is streamed and now fits the budget is read again into memory (what the streamed path's
 * refusals advise).
 */
export function setMemoryBudget(text: string): string | null {
  const parsed = parseMemorySize(text);
  if (!parsed.ok) return budgetProblem(text);
  setState({ memoryBudget: parsed.bytes });
  budgetStorage()?.setItem(BUDGET_KEY, text.trim());
  const s = getState();
  if (s.table?.stream && s.reloadable && parsed.bytes >= s.table.stream.estimateBytes && !s.loading) void reloadTable({});
  return null;
}

/** Back to the device's default (and forgotten by the tab). */
export function resetMemoryBudget(): void {
  budgetStorage()?.removeItem(BUDGET_KEY);
  setState({ memoryBudget: defaultPageBudget(deviceMemory()) });
}
