/**
 * The smaller CLI items of issue 27, each refused or said as the user needs it: a derived
 * quantity that is not finite says so and why (not "Infinity ± 0"); --derive with a column's name
 * (as its name or in it) is refused; --fix outside its --bounds is refused; a 400-digit
 * --memory-limit is refused with the accepted form; `fitbench` alone is a usage error (usage on
 * stderr, exit 2) while --help stays on stdout with exit 0; a group key or column name with
 * U+202E and other bidi or control characters is escaped in the text report and in messages, and
 * kept as it is in the JSON.
 */
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';
import { USAGE } from './usage';

const { file } = tempFiles('fitbench-refusals27');
const run = cliRunner();

/** y = 2x + 1 + small wiggle, x = 1 … 20. */
const line = file('line.csv', ['x,y', ...Array.from({ length: 20 }, (_, i) => `${i + 1},${2 * (i + 1) + 1 + 0.1 * Math.sin(i)}`)].join('\n'));
const LINE = ['--model', 'a*x + b', '--p0', 'a=1,b=0'];

describe('--derive', () => {
  it('h=1/(a-a) is not finite: the report says so and why, the JSON has null and the note', async () => {
    const text = await run('fit', line, ...LINE, '--derive', 'h=1/(a-a)');
    expect(text.code).toBe(0);
    expect(text.out).not.toMatch(/Infinity/);
    expect(text.out).toMatch(/ {4}h: not finite: 1\/\(a-a\) is infinite \(a division by zero.*\) at the fitted values \(a = \d\.\d+\)/);
    const json = JSON.parse((await run('fit', line, ...LINE, '--derive', 'h=1/(a-a)', '--json')).out);
    expect(json.derived.h).toMatchObject({ value: null, stderr: null, ci: null });
    expect(json.derived.h.note).toMatch(/^not finite: /);
    const undefinedOne = await run('fit', line, ...LINE, '--derive', 'r=sqrt(-a)');
    expect(undefinedOne.out).toMatch(/r: not finite: sqrt\(-a\) is undefined/);
  });

  it('a column as the name or in the expression is refused: a derived quantity is of the parameters', async () => {
    const named = await run('fit', line, ...LINE, '--derive', 'x=2*a');
    expect(named.code).toBe(2);
    expect(named.err).toMatch(/Derived quantity "x" has the name of a data column/);
    const used = await run('fit', line, ...LINE, '--derive', 'h=y*a');
    expect(used.code).toBe(2);
    expect(used.err).toMatch(/Derived quantity "h" uses the data column "y": a derived quantity is one number computed from the fitted parameters \(a, b\)/);
  });
});

describe('--fix and --bounds', () => {
  it('a fixed value outside its bounds is refused; inside them the fit is the one without bounds', async () => {
    const r = await run('fit', line, '--model', 'a*x + c', '--p0', 'a=1', '--fix', 'c=5', '--bounds', 'c=0:1');
    expect(r.code).toBe(2);
    expect(r.err).toBe('fitbench: --fix c=5 lies outside --bounds c=0:1: a fixed parameter is held at its value, not fitted, so it cannot keep to bounds. Fix it inside [0, 1], or drop the bounds of "c".');
    const inf = await run('fit', line, '--model', 'a*x + c', '--p0', 'a=1', '--fix', 'c=-5', '--bounds', 'c=0:inf');
    expect(inf.err).toMatch(/--fix c=-5 lies outside --bounds c=0:inf/);
    const inside = JSON.parse((await run('fit', line, '--model', 'a*x + c', '--p0', 'a=1', '--fix', 'c=0.5', '--bounds', 'c=0:1', '--json')).out);
    const plain = JSON.parse((await run('fit', line, '--model', 'a*x + c', '--p0', 'a=1', '--fix', 'c=0.5', '--json')).out);
    expect(inside.params).toEqual(plain.params);
  });
});

describe('--memory-limit', () => {
  it('a 400-digit limit is refused with the accepted form; 1024T is the most', async () => {
    const r = await run('fit', line, ...LINE, '--memory-limit', '9'.repeat(400));
    expect(r.code).toBe(2);
    expect(r.err).toBe('fitbench: --memory-limit 99999999999999999999… (400 characters) is more than 1024T (1 PiB), beyond any machine\'s memory: give the size with a unit, K, M, G or T (e.g. --memory-limit 512M or --memory-limit 2G).');
    expect((await run('fit', line, ...LINE, '--memory-limit', '1025T')).code).toBe(2);
    expect((await run('fit', line, ...LINE, '--memory-limit', '1024T')).code).toBe(0);
  });
});

describe('fitbench with no command', () => {
  it('prints the usage on stderr and exits 2; --help prints it on stdout and exits 0', async () => {
    const none = await run();
    expect(none).toEqual({ code: 2, out: '', err: USAGE });
    const help = await run('--help');
    expect(help).toEqual({ code: 0, out: USAGE, err: '' });
  });
});

describe('bidi and control characters', () => {
  // Group "ab<U+202E>cd": the JSON keeps it, the text escapes it.
  const key = 'ab\u202ecd';
  const grouped = file('bidi.csv', ['g,x,y', ...[1, 2, 3].map((x) => `${key},${x},${2 * x + 0.01 * x * x}`), ...[1, 2, 3].map((x) => `plain,${x},${x + 0.02 * x * x}`)].join('\n'));

  it('a group key with U+202E is escaped in the text report, the table aligned, and kept in the JSON', async () => {
    const text = await run('fit', grouped, '--model', 'a*x', '--p0', 'a=1', '--group', 'g');
    expect(text.code).toBe(0);
    expect(text.out).not.toMatch(/[\u202e]/);
    const rows = text.out.split('\n').filter((l) => /^(ab|plain)/.test(l));
    expect(rows[0]).toMatch(/^ab\\u202Ecd {2}/);
    expect(rows[0].indexOf(' ok ')).toBe(rows[1].indexOf(' ok '));
    const json = JSON.parse((await run('fit', grouped, '--model', 'a*x', '--p0', 'a=1', '--group', 'g', '--json')).out);
    expect(json.groups.map((g: { group: string }) => g.group)).toEqual([key, 'plain']);
  });

  it('in messages and the single fit\'s report too', async () => {
    const r = await run('fit', grouped, '--model', 'a*x', '--p0', 'a=1', '--group', 'g', '--groups', `${key},${key}`);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the group "ab\\u202Ecd" is given twice/);
    // (The reader already drops such characters from column names: a file name shows it.)
    const named = file('da\u202eta.csv', ['x,y', '1,2', '2,4.1', '3,5.9'].join('\n'));
    const single = await run('fit', named, '--model', 'a*x', '--p0', 'a=1');
    expect(single.out).toMatch(/^fitbench: \S*da\\u202Eta\.csv, 3 rows/);
  });
});
