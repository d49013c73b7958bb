/**
 * The shared board of a parallel parse: threads that claim ranges in any interleaving count every
 * range's line breaks; the calling thread counts any range not counted yet (one whose counter died
 * holding it) instead of waiting; a stopped range stops every thread's claims.
 */
import { describe, expect, it } from 'vitest';
import { bytesSource, rangeCuts } from './parallelIngest';
import { allBreaks, claimRanges, claimsStopped, countClaimed, rangeBoard } from './rangeClaim';
import { countLineBreaks } from './rangeParse';
import { rangeJobs } from './testing/rangeJobs';

const encode = (text: string) => new TextEncoder().encode(text);
const lines = (n: number) => Array.from({ length: n }, (_, i) => `${i},${i * 3}`).join('\n') + '\n';

describe('rangeBoard claims', () => {
  it('count every range once, whichever thread claims it, and the total is the file\'s', () => {
    const bytes = encode(lines(5000));
    const source = bytesSource(bytes, 97);
    const cuts = rangeCuts(source, 9)!;
    const board = rangeBoard(cuts);
    // Two "threads" taking turns, one claim at a time, then the calling thread takes the rest.
    countClaimed(source, board, 1);
    countClaimed(source, board, 1);
    countClaimed(source, board, 2);
    const expected = cuts.slice(0, -1).map((c, k) => countLineBreaks(bytes.subarray(c, cuts[k + 1])));
    expect(allBreaks(source, board)).toEqual(expected);
    expect(expected.reduce((a, b) => a + b, 0)).toBe(5000);
  });

  it('count again a range whose counter died holding it, without waiting for it', () => {
    const bytes = encode(lines(3000));
    const source = bytesSource(bytes, 97);
    const cuts = rangeCuts(source, 5)!;
    const board = rangeBoard(cuts);
    const dying = { chunks: () => { throw new Error('the worker died'); } };
    expect(() => countClaimed(dying, board, 1)).toThrow('the worker died'); // range 0 claimed, never counted
    expect(board.breaks[0]).toBe(-1);
    expect(allBreaks(source, board)).toEqual(cuts.slice(0, -1).map((c, k) => countLineBreaks(bytes.subarray(c, cuts[k + 1]))));
  });

  it('stop every thread once a range stops, and hand out each job once', () => {
    // Lines of one length (the ranges hold ~500 each), a text cell in the third range.
    const body = Array.from({ length: 2000 }, (_, i) => `${String(i).padStart(5, '0')},1`);
    body[1300] = 'nnnnn,1';
    const bytes = encode(`x,y\n${body.join('\n')}\n`);
    const source = bytesSource(bytes, 64);
    const cuts = rangeCuts(source, 4)!;
    const board = rangeBoard(cuts);
    const jobs = rangeJobs(bytes, cuts, 2000);
    const first = claimRanges(source, jobs, board, 1);
    expect(first.map(([k]) => k)).toEqual([0]);
    expect(first[0]![1]).toMatchObject({ ok: true, part: { rows: 500 } });
    const rest = claimRanges(source, jobs, board);
    // Job 1 holds the text cell: it stops, and job 2 is never parsed.
    expect(rest.map(([k, o]) => [k, o.ok])).toEqual([[1, false]]);
    expect(claimsStopped(board)).toBe(true);
    expect(claimRanges(source, jobs, board)).toEqual([]);
  });
});
