/**
 * The streamed ingest of the CLI (issue 12): the file read a piece at a time (4 MiB, cut at a line
 * end), each piece parsed by the byte ingest with the first piece's delimiter, decimal mark and no
 * header, and only the model's columns kept, as float64 in a temporary file (tempColumns.ts): the
 * whole file's columns are never in memory. The rows are checked as strictly as in memory (load.ts):
 * an unusable cell is an error naming its line.
 *
 * Whether the fit holds the columns in memory or streams them is src/store/node/filePlan.ts's
 * `planMemory` (src/store/memoryPlan.ts's choice, shared with the page).
 */
import { closeSync, openSync } from 'node:fs';
import { selectColumns, findColumn, type Delimiter, type ParseOptions, type Table } from '../data';
import { parsePiece, PIECE_BYTES, type MemoryPlan } from '../store/memoryPlan';
import { readPiece } from '../store/node/filePlan';
import type { CompiledModel } from '../model';
import { DEFAULT_CHUNK_ROWS } from '../fit/cpuEvaluator';
import type { ParameterSpec } from '../fit/parameters';
import { weightSigma } from '../fit/weights';
import { cellHasher } from '../store/cellDigest';
import { chunkRowsFor } from '../store/chunkPlan';
import type { DataDigest } from '../store/checkpointSubject';
import type { ChunkSource } from '../store/chunkSource';
import type { FitCommand } from './args';
import { CliError } from './errors';
import { chooseY, dataError } from './load';
import { formatBytes } from './memoryLimit';
import { createTempColumns, type TempColumns } from '../store/node/tempColumns';
import { countLines, lineCutter, quoteIn } from '../data/linePieces';

export type { MemoryPlan };

/**
 * What a streamed fit cannot do (it needs all rows in memory): the sentence after "where", and
 * what to do instead; null when nothing.
 */
export function streamRefusal(command: FitCommand, parameters: readonly ParameterSpec[]): { what: string; fix: string | null } | null {
  const missing = parameters.some((p) => !p.fixed && (p.value === null || p.value === undefined));
  const they = (what: string) => ({ what: `${what} cannot run (they need all rows in memory)`, fix: null });
  const it = (what: string) => ({ what: `${what} cannot run (it needs all rows in memory)`, fix: null });
  if (command.group !== null || command.wide) return they('--group and --wide fits');
  if (command.where.length > 0 || command.excludeRows.length > 0) return they('row filters (--where, --exclude-rows)');
  if (missing || command.starts !== null) return { ...it('the automatic start search'), fix: 'give --p0 for every free parameter (e.g. from a fit of the first rows), or raise --memory-limit' };
  if (command.varpro) return it('--varpro');
  if (command.mle !== null) return it('--mle poisson');
  if (command.ci === 'profile') return it('--ci profile');
  if (command.compareModel) return it('--compare-model');
  if (command.report) return it('--report (its plots)');
  if (command.backend === 'gpu') return it('--backend gpu (it uploads the columns)');
  return null;
}

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
  readonly command: FitCommand;
  readonly plan: MemoryPlan;
  readonly model: CompiledModel;
  readonly freeParameters: number;
  /** Hears the bytes read so far (progress). */
  readonly onBytes?: (bytes: number, rows: number) => void;
}

export function loadStreamed({ command, plan, model, freeParameters, onBytes }: StreamLoadInput): StreamedProblem {
  const file = command.file;
  const first = plan.first!;
  const table = first.table;
  const y = chooseY(command, table, model.variables);
  const column = (name: string, option: string): number => {
    const found = findColumn(table, name);
    if (!found.ok) throw dataError(file, found.error, option);
    return table.columns.indexOf(found.value);
  };
  const xIndex = model.variables.map((v) => column(v, '--model'));
  const yIndex = column(y, '--y');
  const sigmaIndex = command.sigma ? column(command.sigma, '--sigma') : -1;
  const weights = command.options.weights ?? 'sigma';
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
  const cells = command.checkpoint ? cellHasher(model.variables.length + 1 + (sigmaIndex >= 0 ? 1 : 0)) : null;
  try {
    const names = table.columns.map((c) => c.name);
    /** Appends a parsed piece's rows; `lineBefore`: the file's lines before the piece. */
    const append = (piece: Table, lineBefore: number) => {
      const at = (line: number) => `${file}:${lineBefore + line}`;
      const width = piece.columns.length;
      const needed = Math.max(...xIndex, yIndex, sigmaIndex);
      if (needed >= width) throw new CliError(`${at(piece.lines[0] ?? 1)}: the line has ${width} field${width === 1 ? '' : 's'}, the fit reads column ${needed + 1} (${names[needed]}); fix the line.`);
      const pick = (i: number) => piece.columns[i].name;
      const selected = selectColumns(piece, { x: xIndex.map(pick), y: pick(yIndex), sigma: sigmaIndex >= 0 ? pick(sigmaIndex) : null, share: true });
      if (!selected.ok) throw dataError(file, selected.error);
      const data = selected.value;
      const bad = data.dropped[0];
      if (bad) {
        const more = data.droppedCount > 1 ? ` (${data.droppedCount} unusable rows in this part of the file)` : '';
        const col = bad.column !== null ? `column "${names[piece.columns.findIndex((c) => c.name === bad.column)]}": ` : '';
        throw new CliError(`${at(bad.line)}: ${col}${bad.reason}; fix or remove the row${more}.`);
      }
      let sigma: Float64Array | null = null;
      try {
        sigma = weightSigma(weights, { y: data.y, sigma: data.sigma }, columns.rows);
      } catch (error) {
        throw new CliError(`--weights: ${(error as Error).message}`);
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
          if (quote >= 0) throw new CliError(`${file}:${lines + countLines(piece.subarray(0, quote)) + 1}: a quoted field; a streamed file must be plain numeric text. Remove the quotes, or raise --memory-limit to read it in memory.`);
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
    if (columns.rows === 0) throw new CliError(`${file}: no data rows.`);
    const source = columns.finish();
    return { model, source, columns, names: { x: xIndex.map((i) => names[i]), y, sigma: sigmaIndex >= 0 ? names[sigmaIndex] : null }, digest: cells?.digest() ?? null };
  } catch (error) {
    columns.remove();
    throw error;
  }
}

/** The in-memory estimate, in words, for messages. */
export function planWords(plan: MemoryPlan): string {
  return `about ${formatBytes(plan.estimateBytes ?? 0)} in memory is more than --memory-limit ${formatBytes(plan.limit)}`;
}
