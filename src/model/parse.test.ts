import { describe, expect, it } from 'vitest';
import { parse } from './parse';
import { parseOk } from './testUtil.test';

describe('precedence and associativity', () => {
  const cases: [string, string][] = [
    ['a + b*c', '(+ a (* b c))'],
    ['a*b + c', '(+ (* a b) c)'],
    ['a - b - c', '(- (- a b) c)'],
    ['a / b / c', '(/ (/ a b) c)'],
    ['a / b * c', '(* (/ a b) c)'],
    ['a^b^c', '(^ a (^ b c))'],
    ['-x^2', '(neg (^ x:v 2))'],
    ['-a*b', '(* (neg a) b)'],
    ['2^-1', '(^ 2 (neg 1))'],
    ['2^-x^2', '(^ 2 (neg (^ x:v 2)))'],
    ['a*-b', '(* a (neg b))'],
    ['a - -b', '(- a (neg b))'],
    ['--x', '(neg (neg x:v))'],
    ['+x', '(pos x:v)'],
    ['(a + b)*c', '(* (+ a b) c)'],
    ['(a)^2', '(^ a 2)'],
    ['(-a)^2', '(^ (neg a) 2)'],
    ['a^(b + c)', '(^ a (+ b c))'],
    ['exp(-x/t)', '(exp (/ (neg x:v) t))'],
    ['atan2(y, x)', '(atan2 y x:v)'],
    ['pow(a, b) + min(a, 2)*max(b, 3)', '(+ (pow a b) (* (min a 2) (max b 3)))'],
    ['-2^2', '(neg (^ 2 2))'],
    ['2*3^2', '(* 2 (^ 3 2))'],
  ];
  for (const [text, tree] of cases) it(`${text}  →  ${tree}`, () => expect(parseOk(text)).toBe(tree));
});

describe('numbers', () => {
  const cases: [string, number][] = [
    ['1', 1], ['2.5', 2.5], ['.5', 0.5], ['5.', 5], ['1e-3', 0.001], ['1.5E+4', 15000], ['1E3', 1000],
    ['0.1', 0.1], ['123456789012345678901234567890', 1.2345678901234568e29], ['4.9e-324', 5e-324],
  ];
  for (const [text, value] of cases) it(text, () => expect(parseOk(text)).toBe(String(value)));
});

describe('names', () => {
  it('columns are variables, pi/e constants, the rest parameters in order of first appearance', () => {
    const r = parse('b*x + a*exp(-t/b) + pi*e + c', ['t', 'x', 'unused']);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.params).toEqual(['b', 'a', 'c']);
    expect(r.value.variables).toEqual(['t', 'x']); // in the order of the columns
  });

  it('a column named pi or e wins over the constant', () => {
    expect(parseOk('e*pi', ['e'])).toBe('(* e:v pi:c)');
    expect(parseOk('e*pi', [])).toBe('(* e:c pi:c)');
  });

  it('a column named like a function is a variable when not called', () => {
    expect(parseOk('exp*2 + exp(exp)', ['exp'])).toBe('(+ (* exp:v 2) (exp exp:v))');
  });

  it('log and ln are both accepted; identifiers may contain digits and underscores', () => {
    expect(parseOk('log(x) + ln(x) + log10(x)')).toBe('(+ (+ (log x:v) (ln x:v)) (log10 x:v))');
    expect(parseOk('_a1*x_2', ['x_2'])).toBe('(* _a1 x_2:v)');
  });

  it('whitespace anywhere, including newlines and tabs', () => {
    expect(parseOk(' \ta\n*\r\n( x +\tb ) ')).toBe('(* a (+ x:v b))');
  });
});

describe('spans', () => {
  it('cover the source text of each node', () => {
    const text = 'a + exp(-b*x)';
    const r = parse(text, ['x']);
    if (!r.ok) throw new Error();
    const ast = r.value.ast;
    expect([ast.start, ast.end]).toEqual([0, text.length]);
    if (ast.kind !== 'binary') throw new Error();
    expect(text.slice(ast.right.start, ast.right.end)).toBe('exp(-b*x)');
    if (ast.right.kind !== 'call') throw new Error();
    expect(text.slice(ast.right.args[0].start, ast.right.args[0].end)).toBe('-b*x');
  });
});

describe('every function of the whitelist', () => {
  const one = ['exp', 'log', 'ln', 'log10', 'sqrt', 'abs', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'erf', 'erfc'];
  const two = ['atan2', 'pow', 'min', 'max'];
  for (const f of one) it(`${f}(x)`, () => expect(parseOk(`${f}(x)`)).toBe(`(${f} x:v)`));
  for (const f of two) it(`${f}(x, a)`, () => expect(parseOk(`${f}(x, a)`)).toBe(`(${f} x:v a)`));
});
