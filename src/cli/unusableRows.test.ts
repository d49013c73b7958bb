/**
 * Unusable rows in the CLI (trial 5): one run names every bad line when they are few and gives the
 * `--exclude-rows` list that leaves them out; that list, run, fits the other rows (the same fit as
 * the file without them); many bad rows name the first lines and how to write the list.
 */
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const { file } = tempFiles('fitbench-unusable');
const run = cliRunner();

/** y = 2x + 1 at x = 0…n−1 with `bad` rows (by 0-based row index) replaced by `cell`. */
function csv(n: number, bad: ReadonlyMap<number, string>): string {
  const rows = Array.from({ length: n }, (_, i) => `${i},${bad.get(i) ?? 2 * i + 1 + ((i * 7) % 5) / 10}`);
  return 'x,y\n' + rows.join('\n') + '\n';
}

describe('rows the CLI cannot use', () => {
  it('a few are all named in one run, with the --exclude-rows list that leaves them out', async () => {
    // Rows 10, 200, 300, 400 are lines 12, 202, 302, 402 (the header is line 1).
    const bad = new Map([[10, ''], [200, 'abc'], [300, 'NaN'], [400, '"1,5"']]);
    const path = file('four.csv', csv(1000, bad));
    const r = await run('fit', path, '--model', 'a*x + b', '--p0', 'a=1,b=0', '--json');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`fitbench: ${path}:12: column "y": is empty; fix or remove the row (4 unusable rows in all: lines 12, 202, 302, 402), or leave them out with --exclude-rows 12,202,302,402.`);
    const excluded = JSON.parse((await run('fit', path, '--model', 'a*x + b', '--p0', 'a=1,b=0', '--json', '--exclude-rows', '12,202,302,402')).out);
    // The reference: the file written without those rows.
    const without = file('four-without.csv', csv(1000, new Map()).split('\n').filter((_, line) => ![11, 201, 301, 401].includes(line)).join('\n'));
    const reference = JSON.parse((await run('fit', without, '--model', 'a*x + b', '--p0', 'a=1,b=0', '--json')).out);
    expect(excluded.n).toBe(996);
    expect(excluded.params).toEqual(reference.params);
  });

  it('one is named with its --exclude-rows; with --exclude-rows given, the line is to be added to it', async () => {
    const path = file('one.csv', csv(50, new Map([[5, 'x7']])));
    const r = await run('fit', path, '--model', 'a*x + b', '--p0', 'a=1,b=0');
    expect(r.err).toBe(`fitbench: ${path}:7: column "y": "x7" is not a number; fix or remove the row, or leave it out with --exclude-rows 7.`);
    const more = await run('fit', path, '--model', 'a*x + b', '--p0', 'a=1,b=0', '--exclude-rows', '2');
    expect(more.err).toBe(`fitbench: ${path}:7: column "y": "x7" is not a number; fix or remove the row, or add 7 to --exclude-rows.`);
  });

  it('many name the first ten lines and how to write the list', async () => {
    const bad = new Map(Array.from({ length: 25 }, (_, k): [number, string] => [3 * k, 'n/a']));
    const path = file('many.csv', csv(200, bad));
    const r = await run('fit', path, '--model', 'a*x + b', '--p0', 'a=1,b=0');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`fitbench: ${path}:2: column "y": "n/a" is not a number; fix or remove the row (25 unusable rows in all; the first on lines 2, 5, 8, 11, 14, 17, 20, 23, 26, 29, …), or leave them out with --exclude-rows (a list of lines and ranges such as 3,17,20-25).`);
  });
});
