/**
 * The in-memory or streamed choice from a file's size and first piece (memoryPlan.ts), as the CLI
 * and the page make it: the row estimate against the file's real row count, the cut at a line end,
 * and the files left to the in-memory reader.
 */
import { describe, expect, it } from 'vitest';
import { inMemoryBytesPerRow, parseMemorySize, halfOf, MIN_MEMORY_BUDGET } from './memoryBudget';
import { PIECE_BYTES, planFromHead } from './memoryPlan';

function csv(rows: number): Uint8Array {
  const lines = ['x,y'];
  for (let i = 0; i < rows; i++) lines.push(`${(i * 1e-3).toFixed(6)},${Math.sin(i).toPrecision(12)}`);
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

describe('planFromHead', () => {
  const rows = 400_000;
  const file = csv(rows); // ≈ 9 MB: more than one piece
  const head = file.subarray(0, PIECE_BYTES);

  it('streams a file whose in-memory estimate exceeds the budget; the estimate is the rows within 10% spare', () => {
    const plan = planFromHead(head, file.length, 16 * 1024 ** 2);
    expect(plan.mode).toBe('stream');
    const exact = rows * inMemoryBytesPerRow(2);
    expect(plan.estimateBytes!).toBeGreaterThan(exact);
    expect(plan.estimateBytes!).toBeLessThan(exact * 1.2);
    // The first piece ends after a whole line, and its table has the header's names.
    expect(file[plan.first!.bytes - 1]).toBe(10);
    expect(plan.first!.table.columns.map((c) => c.name)).toEqual(['x', 'y']);
    expect(plan.first!.table.rowCount).toBe(new TextDecoder().decode(file.subarray(0, plan.first!.bytes)).split('\n').length - 2);
  });

  it('keeps the file in memory under a larger budget, and leaves small, binary and unparsable files to the in-memory reader', () => {
    expect(planFromHead(head, file.length, 1024 ** 3).mode).toBe('memory');
    expect(planFromHead(file.subarray(0, 1000), 1000, MIN_MEMORY_BUDGET)).toMatchObject({ mode: 'memory', estimateBytes: null });
    const binary = new Uint8Array(PIECE_BYTES).fill(0);
    expect(planFromHead(binary, 10 * PIECE_BYTES, MIN_MEMORY_BUDGET)).toMatchObject({ mode: 'memory', estimateBytes: null });
    const oneLine = new Uint8Array(PIECE_BYTES).fill(49); // "111…" without a line end
    expect(planFromHead(oneLine, 10 * PIECE_BYTES, MIN_MEMORY_BUDGET)).toMatchObject({ mode: 'memory', estimateBytes: null });
  });
});

describe('parseMemorySize', () => {
  it('reads the CLI --memory-limit forms and refuses the rest', () => {
    expect(parseMemorySize('512M')).toEqual({ ok: true, bytes: 512 * 1024 ** 2 });
    expect(parseMemorySize(' 2G ')).toEqual({ ok: true, bytes: 2 * 1024 ** 3 });
    expect(parseMemorySize('256MiB')).toEqual({ ok: true, bytes: 256 * 1024 ** 2 });
    expect(parseMemorySize('lots')).toEqual({ ok: false, problem: 'not-a-size' });
    expect(parseMemorySize('-5M')).toEqual({ ok: false, problem: 'not-a-size' });
    expect(parseMemorySize('1M')).toEqual({ ok: false, problem: 'too-small' });
  });
  it('half of a machine, never under the least budget', () => {
    expect(halfOf(8 * 1024 ** 3)).toBe(4 * 1024 ** 3);
    expect(halfOf(1024)).toBe(MIN_MEMORY_BUDGET);
  });
});
