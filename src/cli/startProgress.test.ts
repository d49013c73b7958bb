/**
 * The start search says on stderr what it does once the data are large (trial 5: 36 s of silence
 * on 2·10⁶ rows without --p0), and nothing below START_PROGRESS_ROWS or with every start given;
 * the JSON on stdout is the same object either way.
 */
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';
import { START_PROGRESS_ROWS, startSearchProgress } from './startProgress';

const { file } = tempFiles('fitbench-startprogress');
const run = cliRunner();

/** y = 3·exp(−x/2) + small deterministic ripple at x = 0…10. */
function decay(rows: number): string {
  const lines = ['x,y'];
  for (let i = 0; i < rows; i++) {
    const x = (10 * i) / (rows - 1);
    lines.push(`${x},${3 * Math.exp(-x / 2) + 0.01 * Math.sin(7 * i)}`);
  }
  return lines.join('\n') + '\n';
}

describe('the start search on stderr', () => {
  it('over many rows says what it searches, how to skip it, and how far it got', async () => {
    const path = file('large.csv', decay(START_PROGRESS_ROWS));
    const r = await run('fit', path, '--model', 'a*exp(-x/tau)', '--json');
    expect(r.code).toBe(0);
    const lines = r.err.split('\n');
    expect(lines[0]).toBe(`fitbench: no --p0 for a, tau: searching 256 start candidates (scored on ${START_PROGRESS_ROWS / 2} evenly spaced samples of the ${START_PROGRESS_ROWS} rows: the means of 2 consecutive rows when the rows are sorted by the variable, else one row in 2), then refining the best on every row (--p0 for every free parameter skips the search).`);
    expect(lines).toContain('fitbench: start search: 256/256 candidates scored');
    expect(lines.at(-1)).toMatch(/^fitbench: start search: (\d+)\/\1 best candidates refined$/);
    const json = JSON.parse(r.out);
    expect(json.autoStart.candidates).toBeGreaterThan(0);
    expect(json.params.tau).toBeCloseTo(2, 3);
    // Every start given: no search, nothing on stderr.
    expect((await run('fit', path, '--model', 'a*exp(-x/tau)', '--p0', 'a=1,tau=1', '--json')).err).toBe('');
  });

  it('below START_PROGRESS_ROWS says nothing', async () => {
    // The threshold is startSearchProgress's: one row below it, no progress and no line; and a
    // search through the CLI below it (a fit of 99 999 rows only took longer) prints nothing.
    const lines: string[] = [];
    expect(startSearchProgress(START_PROGRESS_ROWS - 1, ['a', 'tau'], 256, (l) => lines.push(l))).toBeUndefined();
    expect(lines).toEqual([]);
    const small = await run('fit', file('small.csv', decay(2_000)), '--model', 'a*exp(-x/tau)', '--json');
    expect(small.code).toBe(0);
    expect(JSON.parse(small.out).autoStart.candidates).toBeGreaterThan(0);
    expect(small.err).toBe('');
  });

  it('gives at most one line a second while it runs, and the last one always', () => {
    const lines: string[] = [];
    const progress = startSearchProgress(START_PROGRESS_ROWS, ['k'], 512, (l) => lines.push(l))!;
    for (let done = 64; done <= 512; done += 64) progress({ phase: 'search', done, total: 512, bestCost: 1 });
    // Called in quick succession: only the first line and the finished count.
    expect(lines).toEqual([
      `fitbench: no --p0 for k: searching 512 start candidates (scored on ${START_PROGRESS_ROWS / 2} evenly spaced samples of the ${START_PROGRESS_ROWS} rows: the means of 2 consecutive rows when the rows are sorted by the variable, else one row in 2), then refining the best on every row (--p0 for every free parameter skips the search).`,
      'fitbench: start search: 512/512 candidates scored',
    ]);
  });
});
