import { describe, expect, it } from 'vitest';
import { formatExpr } from './format';
import { parse } from './parse';
import { kindOf, parseStatements, type OdeModelSpec } from './statements';
import type { StatementError } from './statementErrors';

const LV = `dH/dt = alpha*H - beta*H*L        # a state H and its rate; t is time
dL/dt = delta*H*L - gamma*L
H(1900) = H0                      # initial value at a time given as a number
L(1900) = L0
Hare ~ H                          # data column Hare is modelled by the expression H
Lynx ~ L`;

function ok(text: string, columns?: readonly string[]): OdeModelSpec {
  const r = parseStatements(text, columns ? { columns } : {});
  if (!r.ok) throw new Error(`expected ${JSON.stringify(text)} to parse: ${r.error.message}`);
  return r.value;
}

function fail(text: string, columns?: readonly string[]): StatementError {
  const r = parseStatements(text, columns ? { columns } : {});
  if (r.ok) throw new Error(`expected ${JSON.stringify(text)} to fail`);
  return r.error;
}

describe('the statements of issue 23', () => {
  it('parses the Lotka–Volterra example of the issue', () => {
    const m = ok(LV, ['year', 'Hare', 'Lynx']);
    expect(m.states.map((s) => s.name)).toEqual(['H', 'L']);
    expect(m.t0).toBe(1900);
    expect(m.params).toEqual(['alpha', 'beta', 'delta', 'gamma', 'H0', 'L0']);
    expect(m.states.map((s) => formatExpr(s.rate))).toEqual(['alpha*H - beta*H*L', 'delta*H*L - gamma*L']);
    expect(m.states.map((s) => formatExpr(s.initial))).toEqual(['H0', 'L0']);
    expect(m.observations.map((o) => [o.column, formatExpr(o.expr)])).toEqual([['Hare', 'H'], ['Lynx', 'L']]);
    // the right-hand sides are the expression parser's own trees, at their true offsets
    const rhs = LV.indexOf('alpha*H - beta*H*L');
    expect(m.states[0].rate.start).toBe(rhs);
    const alone = parse('alpha*H - beta*H*L', ['H', 't', 'L']);
    expect(alone.ok && formatExpr(alone.value.ast)).toBe(formatExpr(m.states[0].rate));
  });

  it('";" separates statements, intermediates feed rates and observations, t is time', () => {
    const m = ok('r = k*S; dS/dt = -r + sin(t); dP/dt = r; S(0) = S0; P(0) = 0; conc ~ P/V');
    expect(m.intermediates.map((i) => [i.name, formatExpr(i.expr)])).toEqual([['r', 'k*S']]);
    expect(m.params).toEqual(['k', 'S0', 'V']);
    expect(kindOf(m, 'S')).toBe('state');
    expect(kindOf(m, 't')).toBe('time');
    expect(kindOf(m, 'r')).toBe('intermediate');
    expect(kindOf(m, 'k')).toBeUndefined();
  });

  it('a column may share its state\'s name; σ columns after "|"; negative t0; continued lines', () => {
    const m = ok('dA/dt = -k1*A\ndB/dt = k1*A -\n   k2*B\nA(-2.5) = 1; B(-2.5) = 0\nA ~ A | A_sd\nB ~ 1e4*(B +\n c)', ['A', 'B', 'A_sd']);
    expect(m.t0).toBe(-2.5);
    expect(m.observations[0]).toMatchObject({ column: 'A', sigma: 'A_sd' });
    expect(formatExpr(m.observations[1].expr)).toBe('10000*(B + c)');
    expect(formatExpr(m.states[1].rate)).toBe('k1*A - k2*B');
  });

  it('one state and no "~" line is a model of --y; "d X / d t" is read too', () => {
    const m = ok('d N / d t = r*N*(1 - N/K)\nN(0) = N0');
    expect(m.states[0].name).toBe('N');
    expect(m.observations).toEqual([]);
  });

  it('an observation may go through an intermediate; one of t alone observes nothing', () => {
    expect(ok('dS/dt = -k*S; S(0) = 1; r = k*S; rate ~ r').observations[0].column).toBe('rate');
    expect(fail('dS/dt = -k*S; S(0) = 1; r = 2*t; y ~ r')).toMatchObject({ code: 'observes-nothing' });
  });

  it('an initial value may use an intermediate of parameters, not one of a state or of t', () => {
    const m = ok('A0 = 10^logA0; dA/dt = -k*A; A(0) = A0');
    expect(m.params).toEqual(['logA0', 'k']);
    expect(fail('r = 2*t; dA/dt = -k*A; A(0) = r')).toMatchObject({ code: 'initial-not-constant', message: 'The initial value uses the intermediate "r" at 1:31' });
    expect(fail('dA/dt = -k*A; r = k*A; A(0) = r')).toMatchObject({ code: 'initial-not-constant' });
  });

  it('a state may be used above its own declaration', () => {
    expect(ok('dA/dt = -k*A + B; dB/dt = -B; A(0) = 1; B(0) = 2; y ~ A').params).toEqual(['k']);
  });
});

describe('every statement error names the place and the fix', () => {
  const cases: [string, Partial<StatementError>, string[]?][] = [
    ['', { code: 'empty' }],
    ['# only a comment\n', { code: 'empty' }],
    ['dA/dt = -k*A\nA(0) = 1\nk*A', { code: 'no-relation', message: 'Statement at 3:1 has no "=" or "~"' }],
    ['dA/dt = -k*A\nA(0) = 1\nx + y = 3', { code: 'bad-left-side', message: 'Cannot read "x + y" at 3:1 as the left side of a statement' }],
    ['dA/dt = \nA(0) = 1', { code: 'empty-right-side', message: 'Nothing after "=" at 1:7' }],
    ['a = 1; b = 2', { code: 'no-states', hint: 'declare each state with its rate, e.g. dA/dt = -k*A, and its initial value, A(0) = A0' }],
    ['dA/dt = -k*A\ndA/dt = 1\nA(0) = 1', { code: 'duplicate-state', message: 'State "A" gets a second rate at 2:1 (the first is at 1:1)' }],
    ['dA/dt = -k*A\nA(0) = 1\nA(0) = 2', { code: 'duplicate-initial', message: 'State "A" gets a second initial value at 3:1 (the first is at 2:1)' }],
    ['dA/dt = -k*A\ndB/dt = k*A\nA(0) = 1\ny ~ B', { code: 'missing-initial', message: 'State "B" declared at 2:1 has no initial value', hint: 'add a line B(0) = … (a number or a parameter such as B0)' }],
    ['dA/dt = -k*A\nA(0) = 1\nAa(0) = 2', { code: 'undeclared-state', message: 'Initial value at 3:1 for "Aa", which is not a state', hint: 'did you mean "A"?' }],
    ['dA/dt = -k*A\nA(0) = 1\nQ(0) = 2', { code: 'undeclared-state', hint: 'declare it with dQ/dt = …' }],
    ['dA/dt = -k*A\nA(t0) = 1', { code: 'initial-time', message: 'The initial time "t0" at 2:3 is not a number' }],
    ['dA/dt = -A; dB/dt = -B\nA(0) = 1\nB(1) = 1\ny ~ A', { code: 'initial-time-mismatch', message: 'Initial value at 3:1 is given at t = 1, the one at 2:1 at t = 0' }],
    ['dA/dt = -A; dB/dt = -B\nA(0) = B\nB(0) = 1\ny ~ A', { code: 'initial-not-constant', message: 'The initial value uses the state "B" at 2:8' }],
    ['dA/dt = -r*A\nr = k*2\nA(0) = 1', { code: 'used-before-definition', message: '"r" is used at 1:10 before its definition at 2:1', hint: 'move the line r = … above its first use' }],
    ['r = r*2\ndA/dt = -r*A\nA(0) = 1', { code: 'used-before-definition', message: '"r" is used at 1:5 before its definition at 1:1' }],
    ['r = 2; r = 3\ndA/dt = -r*A\nA(0) = 1', { code: 'duplicate-name', message: '"r" is defined again at 1:8 (first at 1:1)' }],
    ['dA/dt = -A\nA = 2\nA(0) = 1', { code: 'duplicate-name', message: '"A" at 2:1 is already a state (declared at 1:1)' }],
    ['dt/dt = 1\nt(0) = 0', { code: 'reserved-name', message: '"t" at 1:1 cannot name a state or an intermediate: it is the time' }],
    ['dA/dt = -A\nexp = 2\nA(0) = 1', { code: 'reserved-name', message: '"exp" at 2:1 cannot name a state or an intermediate: it is a function' }],
    ['dA/dt = -A\nA(0) = 1\n ~ A', { code: 'observes-nothing', message: 'The observation at 3:2 has no column before "~"' }],
    ['dA/dt = -A\nA(0) = 1\ny ~ 2*k', { code: 'observes-nothing', message: 'The observation at 3:1 models "y" by an expression that holds no state' }],
    ['dA/dt = -A\nA(0) = 1\ny ~ ', { code: 'empty-right-side', message: 'Nothing after "~" at 3:3' }],
    ['dA/dt = -A\nA(0) = 1\nconk ~ A', { code: 'unknown-column', message: 'Observed column "conk" at 3:1 is not in the data', hint: 'did you mean "conc"?' }, ['t', 'conc']],
    ['dA/dt = -A\nA(0) = 1\nconc ~ A | sdd', { code: 'unknown-column', message: 'Observed column "sdd" at 3:12 is not in the data' }, ['t', 'conc', 'sd']],
    ['dA/dt = -A\nA(0) = 1\ny ~ A\ny ~ 2*A', { code: 'duplicate-observation', message: 'Column "y" is observed again at 4:1 (first at 3:1)' }],
    ['dA/dt = -A; dB/dt = A\nA(0) = 1; B(0) = 0', { code: 'no-observation', hint: 'add lines such as COLUMN ~ A' }],
  ];
  it.each(cases)('%j', (text, want, columns) => {
    expect(fail(text, columns)).toMatchObject(want);
  });

  it('errors inside an expression keep the expression parser\'s wording, at the place in the model', () => {
    expect(fail('dA/dt = -k*A\nA(0) = 1\ndB/dt = sn(A)\nB(0) = 0\ny ~ B')).toMatchObject({
      code: 'unknown-function',
      message: 'Unknown function "sn" at 3:9; did you mean "sin"?',
      line: 3,
      column: 9,
    });
    expect(fail('dA/dt = -k*(A\nA(0) = 1')).toMatchObject({ code: 'unclosed-paren' });
    expect(fail('dA/dt = 2A\nA(0) = 1')).toMatchObject({ code: 'missing-operator', message: 'Missing operator between "2" and "A" at 1:10' });
    expect(fail('dA/dt = -A\nA(0) = 1 # fine\nB ~ A × 2')).toMatchObject({ code: 'unexpected-char', line: 3, column: 7 });
  });
});
