import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBytes } from './byteIngest';
import { bytesSource, countLineBreaks, inlineRunner, parseRanges, rangeCuts, type RangeRunner } from './parallelIngest';
import { claimRanges, countClaimed } from './rangeClaim';
import { canonical, file, layouts, lineKind, number, numericOdd, oddCell } from './testing/ingestFiles';
import type { ParseOptions, Result, Table } from './types';

const encode = (text: string) => new TextEncoder().encode(text);

/** The parallel parse on `ranges` ranges (in this thread), or null where it hands over to one thread. */
async function inRanges(bytes: Uint8Array, ranges: number, options: ParseOptions = {}, slice = 1 << 12): Promise<Result<Table> | null> {
  const source = bytesSource(bytes, slice);
  const cuts = rangeCuts(source, ranges);
  if (!cuts) return null;
  return parseRanges(source, cuts, inlineRunner(source), options);
}

function table(r: Result<Table> | null): Table {
  if (!r) throw new Error('the parallel parse handed over to one thread');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Rows of x,y with a head long enough for the sniff and the preview, then `body` lines. */
const numeric = (n: number, newline = '\n', from = 0) => Array.from({ length: n }, (_, i) => `${(i + from) / 8},${((i + from) * 1.7).toFixed(4)}`).join(newline);

describe('countLineBreaks', () => {
  it('counts the LF bytes of any bytes at any offset, as a byte loop does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 }), (bytes, from, cut) => {
        // LF-rich bytes: 10 often, and its neighbours (9, 11, 0x8a) that a carry would confuse
        const b = bytes.map((v) => [10, 9, 11, 0x8a, 0x0a, v][v % 6] as number).subarray(Math.min(from, bytes.length), Math.max(from, bytes.length - cut));
        let expected = 0;
        for (const v of b) if (v === 10) expected++;
        expect(countLineBreaks(b)).toBe(expected);
      }),
      { numRuns: 2000, seed: 3 },
    );
  });
});

describe('parallel parse by byte ranges: the one-thread Table, bit for bit', () => {
  it('on generated files (numbers, NaN/empty cells, blanks, comments, short and long rows, CRLF, BOM, decimal commas)', async () => {
    const big = fc.record({
      layout: layouts,
      kinds: fc.integer({ min: 150, max: 1500 }).chain((n) => fc.array(lineKind, { minLength: n, maxLength: n })),
      numbers: fc.array(number, { minLength: 1, maxLength: 50 }),
      odds: fc.oneof({ weight: 5, arbitrary: fc.array(numericOdd, { minLength: 1, maxLength: 5 }) }, { weight: 1, arbitrary: fc.array(oddCell, { minLength: 1, maxLength: 5 }) }),
      ranges: fc.integer({ min: 2, max: 5 }),
      slice: fc.constantFrom(7, 64, 4096),
      options: fc.record({ maxLoCells: fc.constantFrom(0, 1500, 2e6), maxIssues: fc.constantFrom(3, 1000), maxNotesPerColumn: fc.constantFrom(2, 1000), previewRows: fc.constantFrom(0, 20) }),
    });
    let runs = 0;
    let parallel = 0;
    await fc.assert(
      fc.asyncProperty(big, async ({ layout, kinds, numbers, odds, ranges, slice, options }) => {
        const bytes = file(layout, kinds, numbers, odds);
        const one = parseBytes(bytes, options);
        const many = await inRanges(bytes, ranges, options, slice);
        runs++;
        if (many === null) return;
        parallel++;
        expect(canonical(many)).toEqual(canonical(one));
      }),
      { numRuns: 250, seed: 7 },
    );
    expect(parallel).toBeGreaterThan(runs / 4); // the comparison covers parallel parses, not only hand-overs
  });

  it('keeps the line numbers of issues and cell notes in later ranges (blank lines, comments, CRLF, a BOM and a quoted header)', async () => {
    const lines = ['\ufeff"time","signal"', ...numeric(3000).split('\n')];
    lines[1500] = '';
    lines[1501] = '# a comment';
    lines[2200] = '7.5,'; // empty cell
    lines[2600] = '1,2,3'; // a row too long
    lines[2900] = '4'; // a row too short
    lines[2950] = 'NaN,1';
    const bytes = encode(lines.join('\r\n'));
    const one = parseBytes(bytes);
    for (const ranges of [2, 3, 4]) {
      const t = table(await inRanges(bytes, ranges));
      expect(canonical({ ok: true, value: t })).toEqual(canonical(one));
      const issues = t.issues.map((i) => i.line);
      expect(issues).toEqual([2601, 2901]); // physical lines: 1 + the index in `lines`
      const y = t.columns[1]!;
      expect(y.notes.map((n) => t.lines[n.row])).toEqual([2201, 2601, 2901]);
      expect(t.columns[0]!.notes.map((n) => t.lines[n.row])).toEqual([2601, 2951]);
    }
  });

  it('without a trailing newline, with whitespace delimiters and decimal commas', async () => {
    const cases = [
      numeric(2500),
      numeric(2500).replace(/,/g, '  '),
      `a;b\n${numeric(2500).replace(/,/g, ';').replace(/\./g, ',')}\n`,
    ];
    for (const text of cases) {
      const bytes = encode(text);
      for (const ranges of [2, 3]) expect(canonical({ ok: true, value: table(await inRanges(bytes, ranges)) })).toEqual(canonical(parseBytes(bytes)));
    }
  });

  it('hands over to one thread where a range depends on the rows before it', async () => {
    const body = numeric(3000).split('\n');
    const quoteLater = [...body.slice(0, 2000), '"1.5",2', ...body.slice(2000)].join('\n');
    const textLater = [...body.slice(0, 2000), 'abc,2', ...body.slice(2000)].join('\n');
    const nulLater = [...body.slice(0, 2000), '1,\u00002', ...body.slice(2000)].join('\n');
    for (const text of [quoteLater, textLater, nulLater]) expect(await inRanges(encode(text), 2)).toBeNull();
    // the residuals: one thread keeps them for 1000 rows × 2 columns, a line count of 3000 lines cannot tell
    const blanks = [...body.slice(0, 1000), ...Array.from({ length: 2000 }, () => '')].join('\n');
    expect(await inRanges(encode(blanks), 2, { maxLoCells: 2500 })).toBeNull();
  });

  it('keeps the result when a worker failed before claiming a range, and gives it up when it lost one', async () => {
    const bytes = encode(`x,y\n${numeric(6000)}\n`);
    const source = bytesSource(bytes, 1 << 12);
    const cuts = rangeCuts(source, 4)!;
    const one = canonical(parseBytes(bytes));
    // Could not start (its task failed): this thread counts and parses every range itself, and the Table is whole.
    const neverStarted: RangeRunner = { workers: 1, start: () => ({ publish: () => undefined, done: Promise.reject(new Error('the worker could not start')) }) };
    expect(canonical((await parseRanges(source, cuts, neverStarted))!)).toEqual(one);
    // Claimed a count and a range, then died in each (its reads throw): the count is taken again
    // here, but the range's rows are lost, so the file goes to one thread (null).
    const dying = { chunks: (): Iterable<Uint8Array> => { throw new Error('the worker died'); } };
    const survive = (f: () => unknown) => { try { f(); } catch { /* the worker's death */ } };
    const lost: RangeRunner = {
      workers: 1,
      start(board) {
        survive(() => countClaimed(dying, board, 1));
        return { publish: (jobs) => void (jobs && survive(() => claimRanges(dying, jobs, board, 1))), done: Promise.resolve([]) };
      },
    };
    expect(await parseRanges(source, cuts, lost)).toBeNull();
  });

  it('keeps the residuals when the rows after the header fill maxLoCells exactly', async () => {
    for (const end of ['\n', '']) {
      const bytes = encode(`x,y\n${numeric(4000)}${end}`);
      const t = table(await inRanges(bytes, 3, { maxLoCells: 8000 }));
      expect(t.columns[0]!.lo).not.toBeNull();
      expect(canonical({ ok: true, value: t })).toEqual(canonical(parseBytes(bytes, { maxLoCells: 8000 })));
    }
  });

  it('computes residuals in every range when the table keeps them', async () => {
    const bytes = encode(numeric(4000));
    const t = table(await inRanges(bytes, 3, { maxLoCells: 8000 }));
    expect(t.columns[1]!.lo).not.toBeNull();
    expect(canonical({ ok: true, value: t })).toEqual(canonical(parseBytes(bytes, { maxLoCells: 8000 })));
  });
});
