/**
 * Messages name the file's line (issue 27, item 10), as the bad-cell report and --exclude-rows do:
 * "row 9" counted among the rows in use sent `--exclude-rows 9` to the wrong row once line 3 was
 * excluded. The reference is the file itself: x = 0 is on line 11 (header = line 1).
 */
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const { file } = tempFiles('fitbench-lines');
const run = cliRunner();

/** x = −9 … 10 on lines 2 … 21; x = 0 (where a/x is infinite) on line 11. */
const rows = Array.from({ length: 20 }, (_, i) => i - 9).map((x) => [x, x === 0 ? 5 : 2 / x + 1]);
const csv = file('hyperbola.csv', ['x,y', ...rows.map(([x, y]) => `${x},${y}`)].join('\n'));

describe('non-finite residuals name the line of the file', () => {
  it('with a line excluded before it, the message names line 11, and excluding line 11 then fits', async () => {
    const r = await run('fit', csv, '--model', 'a/x + b', '--p0', 'a=1,b=0', '--exclude-rows', '3');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/The residual of line 11 \(x = 0, y = 5\) is not finite/);
    const fixed = await run('fit', csv, '--model', 'a/x + b', '--p0', 'a=1,b=0', '--exclude-rows', '3,11', '--json');
    expect(fixed.code, fixed.err).toBe(0);
    expect(JSON.parse(fixed.out).params.a).toBeCloseTo(2, 10);
  });

  it('with --where, the line is still the file\'s', async () => {
    const r = await run('fit', csv, '--model', 'a/x + b', '--p0', 'a=1,b=0', '--where', 'x>-5');
    expect(r.err).toMatch(/line 11 \(x = 0, y = 5\)/);
  });

  it('1/y weighting with y = 0 names the line', async () => {
    const zero = file('zero-y.csv', ['x,y', '1,1', '2,2', '3,0', '4,4'].join('\n'));
    const r = await run('fit', zero, '--model', 'a*x', '--p0', 'a=1', '--weights', '1/y', '--exclude-rows', '2');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/line 4 has y = 0/);
  });

  it('a group fit names the group and the line; a global fit too', async () => {
    // Group a on lines 2–7, group b on lines 8–13 with x = 0 on line 10.
    const lines = ['g,x,y'];
    for (const x of [1, 2, 3, 4, 5, 6]) lines.push(`a,${x},${2 / x + 1}`);
    for (const x of [-2, -1, 0, 1, 2, 3]) lines.push(`b,${x},${x === 0 ? 5 : 3 / x + 1}`);
    const grouped = file('groups.csv', lines.join('\n'));
    const each = await run('fit', grouped, '--model', 'a/x + b', '--p0', 'a=1,b=0', '--group', 'g', '--workers', '0');
    expect(each.code).toBe(1);
    expect(each.out).toMatch(/^ {2}b: The residual of line 10 \(x = 0, y = 5\) is not finite/m);
    const global = await run('fit', grouped, '--model', 'a/x + b', '--p0', 'a=1,b=0', '--group', 'g', '--shared', 'b');
    expect(global.out).toMatch(/b: The residual of line 10 \(x = 0, y = 5\) is not finite.*left out of the global fit/);
  });
});
