/**
 * The Node host's streamed data source (issue 12; the page's is src/job/browser/streamIngest.ts):
 * the file read a piece at a time (4 MiB, cut at a line end), each piece parsed by the byte ingest
 * with the first piece's delimiter, decimal mark and no header, and only the model's columns kept,
 * as float64 in a temporary file (src/store/node/tempColumns.ts): the whole file's columns are
 * never in memory. The rows are checked as strictly as in memory (the CLI's load.ts): an unusable
 * cell is the job's input error (FitInputError), naming its line.
 */
import { closeSync, openSync } from 'node:fs';
import { selectColumns, findColumn, type Delimiter, type ParseOptions, type Table } from '../../data';
import { parsePiece, PIECE_BYTES, type MemoryPlan } from '../../store/memoryPlan';
import { readPiece } from '../../store/node/filePlan';
import type { CompiledModel } from '../../model';
import { DEFAULT_CHUNK_ROWS } from '../../fit/cpuEvaluator';
import { FitInputError } from '../../fit/parameters';
import { weightSigma, type Weighting } from '../../fit/weights';
import { cellHasher } from '../../store/cellDigest';
import { chunkRowsFor } from '../../store/chunkPlan';
import type { DataDigest } from '../../store/checkpointSubject';
import type { ChunkSource } from '../../store/chunkSource';
import { createTempColumns, type TempColumns } from '../../store/node/tempColumns';
import { countLines, lineCutter, quoteIn } from '../../data/linePieces';
import { dataError } from './dataError';

/** An input the streamed source cannot read, in the command line's words. */
const refused = (message: string) => new FitInputError('stream', message);

export interface StreamedProblem {
  readonly model: CompiledModel;
  readonly source: ChunkSource & { readonly bytes: number };
  readonly columns: TempColumns;
  readonly names: { readonly x: string[]; readonly y: string; readonly sigma: string | null };
  /** The usable-cells fingerprint of the variables, y and σ (src/store/cellDigest.ts), taken as
   *  the pieces are stored: a checkpoint's data, the same as an in-memory fit's of the file
   *  (null: no --checkpoint, not taken). */
  readonly digest: DataDigest | null;
}

export interface StreamLoadInput {
  readonly file: string;
  readonly plan: MemoryPlan;
  /** The response and σ columns (as the in-memory fit chooses them), and the weighting. */
  readonly y: string;
  readonly sigma: string | null;
  readonly weights: Weighting;
  /** Take the cells' fingerprint for a checkpoint. */
  readonly digest: boolean;
  readonly model: CompiledModel;
  readonly freeParameters: number;
  /** Hears the bytes read so far (progress). */
  readonly onBytes?: (bytes: number, rows: number) => void;
}

export function loadStreamed({ file, plan, y, sigma: sigmaName, weights, digest, model, freeParameters, onBytes }: StreamLoadInput): StreamedProblem {
  const first = plan.first!;
  const table = first.table;
  const column = (name: string, option: string): number => {
    const found = findColumn(table, name);
    if (!found.ok) throw dataError(file, found.error, option);
    return table.columns.indexOf(found.value);
  };
  const xIndex = model.variables.map((v) => column(v, '--model'));
  const yIndex = column(y, '--y');
  const sigmaIndex = sigmaName ? column(sigmaName, '--sigma') : -1;
  const weighted = sigmaIndex >= 0 || weights !== 'sigma';
  const columnsOnDisk = model.variables.length + 1 + (weighted ? 1 : 0);
  const chunkRows = chunkRowsFor({ budgetBytes: plan.limit, columns: columnsOnDisk, parameters: freeParameters, sumRows: DEFAULT_CHUNK_ROWS });
  const options: ParseOptions = {
    delimiter: table.delimiter as Delimiter,
    decimal: table.decimalComma ? ',' : '.',
    header: false,
    maxLoCells: 0,
    previewRows: 0,
  };
  const columns = createTempColumns(model.variables.length, weighted, chunkRows);
  const cells = digest ? cellHasher(model.variables.length + 1 + (sigmaIndex >= 0 ? 1 : 0)) : null;
  try {
    const names = table.columns.map((c) => c.name);
    /** Appends a parsed piece's rows; `lineBefore`: the file's lines before the piece. */
    const append = (piece: Table, lineBefore: number) => {
      const at = (line: number) => `${file}:${lineBefore + line}`;
      const width = piece.columns.length;
      const needed = Math.max(...xIndex, yIndex, sigmaIndex);
      if (needed >= width) throw refused(`${at(piece.lines[0] ?? 1)}: the line has ${width} field${width === 1 ? '' : 's'}, the fit reads column ${needed + 1} (${names[needed]}); fix the line.`);
      const pick = (i: number) => piece.columns[i].name;
      const selected = selectColumns(piece, { x: xIndex.map(pick), y: pick(yIndex), sigma: sigmaIndex >= 0 ? pick(sigmaIndex) : null, share: true });
      if (!selected.ok) throw dataError(file, selected.error);
      const data = selected.value;
      const bad = data.dropped[0];
      if (bad) {
        const more = data.droppedCount > 1 ? ` (${data.droppedCount} unusable rows in this part of the file)` : '';
        const col = bad.column !== null ? `column "${names[piece.columns.findIndex((c) => c.name === bad.column)]}": ` : '';
        throw refused(`${at(bad.line)}: ${col}${bad.reason}; fix or remove the row${more}.`);
      }
      let sigma: Float64Array | null = null;
      try {
        sigma = weightSigma(weights, { y: data.y, sigma: data.sigma }, columns.rows);
      } catch (error) {
        throw refused(`--weights: ${(error as Error).message}`);
      }
      // w = 1/σ as curveFit forms it from σ (the same division, so the same bits).
      columns.append(data.vars, data.y, sigma ? sigma.map((v) => 1 / v) : null, data.rows);
      // The file's cells, not the weights: --weights is compared as an option.
      cells?.add([...data.vars, data.y, ...(data.sigma ? [data.sigma] : [])], data.rows);
    };

    const fd = openSync(file, 'r');
    try {
      let position = 0;
      let lines = 0;
      const pieces = lineCutter();
      for (let index = 0; ; index++) {
        const read = readPiece(fd, position, PIECE_BYTES);
        position += read.length;
        const piece = pieces.cut(read);
        if (piece === null) continue; // no line end yet: a long line
        if (piece.length > 0) {
          const quote = quoteIn(piece, index === 0 && table.hasHeader ? (table.lines[0] ?? 1) : null);
          if (quote >= 0) throw refused(`${file}:${lines + countLines(piece.subarray(0, quote)) + 1}: a quoted field; a streamed file must be plain numeric text. Remove the quotes, or raise --memory-limit to read it in memory.`);
          if (index === 0) {
            if (piece.length !== first.bytes) throw new Error(`${file} changed while it was read.`);
            append(table, 0);
          }
          else {
            const parsed = parsePiece(piece, options);
            if (parsed.ok) append(parsed.value, lines);
            else if (parsed.error.code !== 'empty') throw dataError(file, parsed.error.line ? { ...parsed.error, line: lines + parsed.error.line } : parsed.error);
          }
          lines += countLines(piece);
        }
        onBytes?.(position, columns.rows);
        if (read.length === 0) break;
      }
    } finally {
      closeSync(fd);
    }
    if (columns.rows === 0) throw refused(`${file}: no data rows.`);
    const source = columns.finish();
    return { model, source, columns, names: { x: xIndex.map((i) => names[i]), y, sigma: sigmaIndex >= 0 ? names[sigmaIndex] : null }, digest: cells?.digest() ?? null };
  } catch (error) {
    columns.remove();
    throw error;
  }
}
