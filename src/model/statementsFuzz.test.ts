import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineColumn } from './errors';
import { compileOde } from './odeCompile';
import { parseStatements } from './statements';

/** Pieces of statement text, so that random strings are often near-valid models. */
const piece = fc.constantFrom(
  'dA/dt', 'dB/dt', 'd A / d t', 'A', 'B', 'k', 't', 'r', 'y', 'A(0)', 'B(0)', 'A(-1)', 'A(t0)', '=', '~', '|', ';', '\n', '\r\n',
  '#c\n', ' ', '(', ')', '+', '-', '*', '/', '^', '2', '1e3', 'exp(', 'sin(', ',', '😀', '×', 'pi', 'e', 'sd',
);

/** Whole statements from templates: most are valid, the rest fail in the validation, not the syntax. */
const atom = fc.constantFrom('A', 'B', 'k', 'k2', 't', 'r', '2', '0.5', 'pi');
const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(tie('e'), fc.constantFrom(' + ', ' - ', '*', '/'), tie('e')).map(([a, o, b]) => `${a}${o}${b}`),
    tie('e').map((a) => `exp(-(${a}))`),
  ),
})).e;
const statement = fc.oneof(
  fc.tuple(fc.constantFrom('dA/dt', 'dB/dt'), expr).map(([l, r]) => `${l} = ${r}`),
  fc.tuple(fc.constantFrom('A(0)', 'B(0)', 'A(1)'), fc.constantFrom('1', 'A0', 'k*2', 'B')).map(([l, r]) => `${l} = ${r}`),
  expr.map((r) => `r = ${r}`),
  fc.tuple(fc.constantFrom('y', 'A', 'z'), expr, fc.constantFrom('', ' | sd')).map(([l, r, s]) => `${l} ~ ${r}${s}`),
);
/** A valid core, shuffled among random statements (a permutation: shuffledSubarray of all). */
const BASE = ['dA/dt = -k*A', 'A(0) = A0', 'y ~ A'];
const model = fc.tuple(
  fc.array(statement, { maxLength: 5 }).chain((extra) => {
    const all = [...extra, ...BASE];
    return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
  }),
  fc.constantFrom('\n', '; ', '  # c\n'),
);

describe('parseStatements on random statements', () => {
  it('never throws; whatever parses compiles and evaluates', () => {
    let parsed = 0;
    fc.assert(
      fc.property(model, ([stmts, sep]) => {
        const text = stmts.join(sep);
        const r = parseStatements(text);
        if (!r.ok) {
          expect(lineColumn(text, r.error.start)).toEqual({ line: r.error.line, column: r.error.column });
          return;
        }
        parsed++;
        const c = compileOde(r.value);
        expect(c.ok).toBe(true);
        if (!c.ok) return;
        const n = r.value.states.length;
        const sys = c.value.bind(r.value.params.map(() => 0.5));
        const out = new Float64Array(n * n);
        sys.jac(0.3, new Float64Array(n).fill(1), out);
        expect(out.every(Number.isFinite)).toBe(true);
      }),
      { numRuns: 2000, seed: 2304 },
    );
    expect(parsed).toBeGreaterThan(200); // the valid path is exercised, not just the errors
  });
});

describe('parseStatements on random text', () => {
  it('never throws; an error points inside the text at its own line:column; a model compiles', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const r = parseStatements(text, parts.length % 2 === 0 ? {} : { columns: ['y', 'A', 'sd'] });
        if (r.ok) {
          const c = compileOde(r.value);
          expect(c.ok).toBe(true);
          if (c.ok) {
            const sys = c.value.bind(r.value.params.map(() => 0.5));
            const out = new Float64Array(r.value.states.length);
            sys.f(0, new Float64Array(r.value.states.length).fill(1), out);
          }
          return;
        }
        const e = r.error;
        expect(e.start).toBeGreaterThanOrEqual(0);
        expect(e.end).toBeLessThanOrEqual(text.length);
        expect(lineColumn(text, e.start)).toEqual({ line: e.line, column: e.column });
        expect(e.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 3000, seed: 2303 },
    );
  });
});
