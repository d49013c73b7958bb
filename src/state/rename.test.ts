import { describe, expect, it } from 'vitest';
import { renameVariable } from './rename';

describe('renameVariable', () => {
  it('renames the variable only, keeping the text as written', () => {
    expect(renameVariable('A*exp(-x/tau) + c', 'x', 't')).toBe('A*exp(-t/tau) + c');
    expect(renameVariable('a*(x - x0)^2 + exp(x)', 'x', 'time')).toBe('a*(time - x0)^2 + exp(time)');
  });

  it('leaves text that does not parse, or a clash with a parameter, unchanged', () => {
    expect(renameVariable('a*x +', 'x', 't')).toBe('a*x +');
    expect(renameVariable('A*x + t', 'x', 't')).toBe('A*x + t');
    expect(renameVariable('A*x', 'x', 'x')).toBe('A*x');
  });
});
