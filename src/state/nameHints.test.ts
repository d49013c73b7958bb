import { describe, expect, it } from 'vitest';
import { analyzeModel } from './slices/model';
import { caseHints } from './nameHints';
import { setModelText } from './actions/model';
import { getState, initialState, setState } from './store';

describe('names that probably mean something else', () => {
  it('T is a parameter; the column is t', () => {
    const info = analyzeModel('A*exp(-T/tau)', ['t']);
    expect(info.params).toEqual(['A', 'T', 'tau']);
    expect(caseHints(info.params, ['t', 'counts'], ['t'])).toEqual([{ param: 'T', column: 't', isX: true }]);
    expect(caseHints(['Counts', 'k'], ['t', 'counts'], ['t'])).toEqual([{ param: 'Counts', column: 'counts', isX: false }]);
    expect(caseHints(['a', 'k'], ['t', 'counts'], ['t'])).toEqual([]);
  });

  it('a misspelt function typed letter by letter leaves no parameter row behind', () => {
    setState(initialState, true);
    setModelText('A*epx');
    expect(getState().params.map((p) => p.name)).toEqual(['A', 'epx']);
    setModelText('A*epx(');
    expect(getState().modelInfo.error).not.toBeNull();
    expect(getState().params.map((p) => p.name)).toEqual(['A']);
    setModelText('A*epx(-x');
    expect(getState().modelInfo.error?.code).toBe('unknown-function');
    expect(getState().params.map((p) => p.name)).toEqual(['A']);
    setModelText('A*exp(-x/tau)');
    expect(getState().params.map((p) => p.name)).toEqual(['A', 'tau']);
  });
});
