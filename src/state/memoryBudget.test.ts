/**
 * The page's memory budget setting (issue 12): sizes read as the CLI's --memory-limit reads them,
 * a refused size leaves the budget as it was and says what to write, and the default is half of
 * navigator.deviceMemory (4 GiB where the browser does not say).
 */
import { describe, expect, it } from 'vitest';
import { budgetProblem, setMemoryBudget } from './actions/memoryBudget';
import { getState } from './store';
import { budgetText, defaultPageBudget, formatBudget } from '../store/memoryBudget';

describe('the memory budget setting', () => {
  it('takes 512M and 2G, and refuses the rest with what to write, keeping the budget', () => {
    expect(setMemoryBudget('512M')).toBeNull();
    expect(getState().memoryBudget).toBe(512 * 1024 ** 2);
    expect(setMemoryBudget('2G')).toBeNull();
    expect(getState().memoryBudget).toBe(2 * 1024 ** 3);
    expect(setMemoryBudget('lots')).toBe('"lots" is not a size: write e.g. 512M or 2G (K, M, G, T are powers of 1024).');
    expect(setMemoryBudget('1M')).toBe('1M is below the 16M a fit needs at least: write e.g. 512M or 2G.');
    expect(getState().memoryBudget).toBe(2 * 1024 ** 3);
    expect(budgetProblem('1.5G')).toBeNull();
  });

  it('refuses a size beyond 1024T (a 400-digit number read as Infinity bytes), as the CLI does', () => {
    const before = getState().memoryBudget;
    const huge = '1' + '0'.repeat(400);
    expect(budgetProblem(huge)).toBe('10000000000000000000… (401 characters) is more than 1024T (1 PiB), beyond any machine\'s memory: write e.g. 512M or 2G.');
    expect(setMemoryBudget(huge)).not.toBeNull();
    expect(getState().memoryBudget).toBe(before);
    expect(budgetProblem('1025T')).toMatch(/more than 1024T/);
    expect(budgetProblem('1024T')).toBeNull();
  });

  it('defaults to half the device memory, 4 GiB when the browser does not say', () => {
    expect(defaultPageBudget(8)).toBe(4 * 1024 ** 3);
    expect(defaultPageBudget(undefined)).toBe(2 * 1024 ** 3);
    expect(defaultPageBudget(0.25)).toBe(128 * 1024 ** 2);
  });

  it('shows the budget as typed and in binary units', () => {
    expect([budgetText(20 * 1024 ** 2), budgetText(1.5 * 1024 ** 3)]).toEqual(['20M', '1.5G']);
    expect([formatBudget(256 * 1024 ** 2), formatBudget(2 * 1024 ** 3)]).toEqual(['256 MiB', '2 GiB']);
  });
});
