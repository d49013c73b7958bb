/**
 * The page's streamed ingest (issue 12): a dropped file whose columns exceed the memory budget is
 * read a piece at a time (Blob.slice, 4 MiB cut at a line end), each piece parsed by the byte
 * ingest with the first piece's delimiter and decimal mark and no header (as the CLI's
 * src/cli/streamLoad.ts), and every numeric column appended as float64 to its own file in the
 * Origin Private File System (opfsColumns.ts, src/store/columnFiles.ts). Memory holds only the
 * columns' facts, the first piece's preview and an even-stride sample of at most SAMPLE_MAX rows,
 * which the page draws, previews and maps; the fit reads the files (streamedFit.ts).
 */
import type { Column, Delimiter, ParseOptions, Table } from '../../data/types';
import { DEFAULT_CHUNK_ROWS } from '../../fit/cpuEvaluator';
import { chunkRowsFor } from '../../store/chunkPlan';
import { columnWriter, type StoredColumnFacts } from '../../store/columnFiles';
import { PIECE_BYTES, parsePiece, type MemoryPlan } from '../../store/memoryPlan';
import type { Status } from '../protocol/status';
import { usableSigma } from '../../data/selectColumns';
import { createOpfsColumns, type OpfsColumns } from './opfsColumns';
import { countLines, lineCutter, quoteIn } from '../../data/linePieces';

/** Rows of the sample the page draws (every k-th row of the file). */
export const SAMPLE_MAX = 200_000;
/** The chunk plan made at load, before the model is known: x, y, σ and up to 8 free parameters. */
export const PLANNED = { columns: 3, parameters: 8 } as const;

/** A streamed table as the worker holds it (session.stream). */
export interface StreamedTable {
  readonly store: OpfsColumns;
  /** The stored columns' names; file c holds names[c]. */
  readonly names: readonly string[];
  readonly facts: readonly StoredColumnFacts[];
  readonly rows: number;
  readonly budget: number;
  readonly fileBytes: number;
  readonly estimateBytes: number;
  /** Rows of a chunk as planned at load (PLANNED); a fit with more parameters takes fewer. */
  readonly chunkRows: number;
  /** Every stride-th row is in the sample. */
  readonly stride: number;
  readonly counts: readonly { readonly numeric: number; readonly nonNumeric: number; readonly empty: number }[];
  /** Text columns of the file that were not kept. */
  readonly dropped: readonly string[];
  /** Per stored column, its first CELL_NOTES cells a fit cannot use (not finite, or not a usable
   *  σ): stored row, line and the parser's note, for the list of dropped rows (streamedColumns.ts). */
  readonly cells: readonly (readonly StoredCellNote[])[];
}

/** A cell that may leave its row out of a fit (the selection decides: σ ≤ 0 only matters for σ). */
export interface StoredCellNote {
  readonly row: number;
  readonly line: number;
  /** The cell's value (NaN: empty or not a number). */
  readonly value: number;
  /** The parser's words for a cell that is no number (`"abc" is not a number`); absent: a number. */
  readonly note?: string;
}

/** Cells noted per column and kind (the page lists at most 500 dropped rows, as for a table in memory). */
export const CELL_NOTES = 1000;

export interface StreamIngestInput {
  readonly file: Blob;
  readonly plan: MemoryPlan;
  readonly signal: { readonly aborted: boolean };
  readonly onProgress?: (p: { fraction: number; rows: number }) => void;
  /** Where the columns go (default: a new folder in the Origin Private File System; tests: arrays). */
  readonly createColumns?: (count: number) => Promise<OpfsColumns>;
  /** The sample's size (default SAMPLE_MAX; tests: a smaller one, so that a file of a few MB
   *  exercises the halving that a page's file needs millions of rows for). */
  readonly sampleMax?: number;
}

type Failure = { ok: false; error: { code: string; message: string; line?: number; field: 'data' } };
const fail = (message: string, code = 'stream', line?: number): Failure => ({ ok: false, error: { code, message, ...(line ? { line } : {}), field: 'data' } });

export async function streamIngest({ file, plan, signal, onProgress, createColumns, sampleMax = SAMPLE_MAX }: StreamIngestInput): Promise<Status<{ table: Table; stream: StreamedTable }> | Failure> {
  const first = plan.first!;
  const head = first.table;
  const kept = head.columns.map((c, i) => ({ c, i })).filter(({ c }) => !c.categories && c.numericCount > 0);
  if (kept.length === 0) return fail('The first 4 MB of the file hold no numeric column to fit.', 'no-numbers');
  const index = kept.map(({ i }) => i);
  const width = Math.max(...index) + 1;
  const options: ParseOptions = { delimiter: head.delimiter as Delimiter, decimal: head.decimalComma ? ',' : '.', header: false, maxLoCells: 0, previewRows: 0 };
  const estimatedRows = (head.rowCount / first.bytes) * plan.fileBytes;
  let stride = Math.max(1, Math.ceil((estimatedRows * 1.05) / sampleMax));
  const sample = index.map(() => new Float64Array(sampleMax));
  const sampleLines = new Int32Array(sampleMax);
  let sampled = 0;
  const counts = index.map(() => ({ numeric: 0, nonNumeric: 0, empty: 0 }));
  const cells: StoredCellNote[][] = index.map(() => []);
  const noteCounts = index.map(() => ({ bad: 0, sigma: 0 }));
  let issueCount = head.issueCount;

  /** Keeps the sampled rows 0, 2, 4…: those at multiples of twice the stride. */
  const halveSample = () => {
    const kept = Math.ceil(sampled / 2);
    for (let j = 0; j < kept; j++) {
      for (const column of sample) column[j] = column[2 * j];
      sampleLines[j] = sampleLines[2 * j];
    }
    sampled = kept;
    stride *= 2;
  };

  const store = await (createColumns ?? createOpfsColumns)(index.length);
  const writer = columnWriter(store.files);
  const name = (file as File).name ?? 'the file';
  try {
    /** Appends a parsed piece's rows; `lineBefore`: the file's lines before the piece. */
    const append = (piece: Table, lineBefore: number): Failure | null => {
      const n = piece.rowCount;
      if (n === 0) return null;
      if (piece.columns.length < width) {
        const line = lineBefore + (piece.lines[0] ?? 1);
        return fail(`Line ${line} has ${piece.columns.length} field${piece.columns.length === 1 ? '' : 's'}, but column ${width} (${head.columns[width - 1].label}) is numeric above it; fix the line, or raise the memory budget to read the file in memory.`, 'stream-fields', line);
      }
      const columns = index.map((i) => piece.columns[i]);
      writer.append(columns.map((c) => c.values), n);
      const before = writer.rows - n;
      columns.forEach((c, k) => {
        // Up to CELL_NOTES cells that are no number, and as many numbers no σ can be (a column of
        // negative x would otherwise fill the list before its first empty cell).
        const noted = noteCounts[k];
        if (noted.bad < CELL_NOTES || noted.sigma < CELL_NOTES) {
          const notes = new Map(c.notes.map((note) => [note.row, note.reason] as const));
          for (let i = 0; i < n; i++) {
            const v = c.values[i];
            const finite = Number.isFinite(v);
            if ((finite && usableSigma(v)) || (finite ? noted.sigma : noted.bad) >= CELL_NOTES) continue;
            if (finite) noted.sigma++;
            else noted.bad++;
            const note = notes.get(i);
            cells[k].push({ row: before + i, line: lineBefore + piece.lines[i], value: v, ...(note === undefined ? {} : { note }) });
          }
        }
        counts[k].numeric += c.numericCount;
        counts[k].nonNumeric += c.nonNumericCount;
        counts[k].empty += c.emptyCount;
      });
      if (piece !== head) issueCount += piece.issueCount;
      for (let g = Math.ceil(before / stride) * stride; g < writer.rows; g += stride) {
        // More rows than the first piece promised: every other sampled row goes, the stride doubles,
        // and the sample stays even over the whole file.
        if (sampled === sampleMax) {
          halveSample();
          g = Math.ceil(g / stride) * stride;
          if (g >= writer.rows) break;
        }
        const i = g - before;
        columns.forEach((c, k) => { sample[k][sampled] = c.values[i]; });
        sampleLines[sampled++] = lineBefore + piece.lines[i];
      }
      return null;
    };

    let position = 0;
    let lines = 0;
    const pieces = lineCutter();
    for (let pieceIndex = 0; ; pieceIndex++) {
      if (signal.aborted) {
        await store.remove();
        return fail('Loading was cancelled.', 'aborted');
      }
      const read = new Uint8Array(await file.slice(position, position + PIECE_BYTES).arrayBuffer());
      position += read.length;
      const piece = pieces.cut(read);
      if (piece === null) continue; // no line end yet: a long line
      if (piece.length > 0) {
        const quote = quoteIn(piece, pieceIndex === 0 && head.hasHeader ? (head.lines[0] ?? 1) : null);
        if (quote >= 0) {
          const line = lines + countLines(piece.subarray(0, quote)) + 1;
          await store.remove();
          return fail(`Line ${line} of ${name} has a quoted field; a streamed file must be plain numeric text. Remove the quotes, or raise the memory budget to read it in memory.`, 'stream-quote', line);
        }
        let problem: Failure | null;
        if (pieceIndex === 0) {
          if (piece.length !== first.bytes) problem = fail(`${name} changed while it was read; drop it again.`);
          else problem = append(head, 0);
        } else {
          const parsed = parsePiece(piece, options);
          if (parsed.ok) problem = append(parsed.value, lines);
          else if (parsed.error.code === 'empty') problem = null;
          else {
            const line = parsed.error.line ? lines + parsed.error.line : undefined;
            problem = fail(line ? `Line ${line}: ${parsed.error.message}` : parsed.error.message, parsed.error.code, line);
          }
        }
        if (problem) {
          await store.remove();
          return problem;
        }
        lines += countLines(piece);
      }
      onProgress?.({ fraction: plan.fileBytes ? Math.min(1, position / plan.fileBytes) : 1, rows: writer.rows });
      if (read.length === 0) break;
    }
    if (writer.rows === 0) {
      await store.remove();
      return fail(`${name}: no data rows.`, 'no-usable-rows');
    }
    const columns: Column[] = kept.map(({ c }, k) => ({
      name: c.name,
      label: c.label,
      values: sample[k].slice(0, sampled),
      lo: null,
      numericCount: counts[k].numeric,
      nonNumericCount: counts[k].nonNumeric,
      emptyCount: counts[k].empty,
      notes: c.notes,
      categories: null,
    }));
    const table: Table = {
      columns,
      rowCount: sampled,
      lines: sampleLines.slice(0, sampled),
      delimiter: head.delimiter,
      decimalComma: head.decimalComma,
      hasHeader: head.hasHeader,
      issues: head.issues,
      issueCount,
      preview: head.preview,
      source: null,
    };
    const chunkRows = chunkRowsFor({ budgetBytes: plan.limit, columns: PLANNED.columns, parameters: PLANNED.parameters, sumRows: DEFAULT_CHUNK_ROWS });
    const stream: StreamedTable = {
      store,
      names: columns.map((c) => c.name),
      facts: writer.facts,
      rows: writer.rows,
      budget: plan.limit,
      fileBytes: plan.fileBytes,
      estimateBytes: plan.estimateBytes ?? 0,
      chunkRows,
      stride,
      counts,
      dropped: head.columns.filter((c) => c.categories || c.numericCount === 0).map((c) => c.label),
      cells,
    };
    return { ok: true, value: { table, stream } };
  } catch (error) {
    await store.remove();
    throw error;
  }
}

