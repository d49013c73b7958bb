/**
 * In memory or streamed (issue 12): the choice, made from a file's size and its first piece before
 * the rest is read, shared by the CLI (src/cli/streamLoad.ts reads the piece with readSync) and the
 * page (src/job/browser/streamIngest.ts reads it with Blob.slice).
 *
 * The rows are estimated from the bytes per row of the first piece (10% spare, as the in-memory
 * reader pre-sizes its columns), and an in-memory fit holds inMemoryBytesPerRow per row
 * (memoryBudget.ts). A file that fits one piece, that is not UTF-8 text, or whose first piece does
 * not parse is left to the in-memory reader (which reads it, or says what is wrong with it).
 */
import { createByteIngest, sniffEncoding, type ParseOptions, type Result, type Table } from '../data';
import { fileFormat } from '../data/sheets/fileFormat';
import { inMemoryBytesPerRow } from './memoryBudget';

/** Bytes per piece read and parsed. */
export const PIECE_BYTES = 4 << 20;
const LF = 10;
/** The in-memory reader's columns are pre-sized with 10% spare rows (data/byteIngest.ts). */
const RESERVE = 1.1;

export interface MemoryPlan {
  readonly mode: 'memory' | 'stream';
  readonly limit: number;
  /** Bytes an in-memory fit of the file is estimated to hold (null when the file was not sized up). */
  readonly estimateBytes: number | null;
  readonly fileBytes: number;
  /** The first piece, parsed (stream mode only); `bytes`: its length, cut after a line end. */
  readonly first: { readonly table: Table; readonly bytes: number } | null;
}

/** Parses one piece of whole lines with the byte ingest. */
export function parsePiece(bytes: Uint8Array, options: ParseOptions): Result<Table> {
  const ingest = createByteIngest(options, bytes.length);
  ingest.push(bytes);
  return ingest.finish();
}

/**
 * The plan for a file of `fileBytes` whose first PIECE_BYTES (or fewer) are `head`. `options`
 * are the first piece's parse options (the page's header choice); the CLI passes none.
 */
export function planFromHead(head: Uint8Array | null, fileBytes: number, limit: number, options: ParseOptions = {}): MemoryPlan {
  const inMemory: MemoryPlan = { mode: 'memory', limit, estimateBytes: null, fileBytes, first: null };
  if (head === null || fileBytes <= PIECE_BYTES) return inMemory;
  if (fileFormat(head) !== 'text' || sniffEncoding(head) !== 'utf-8') return inMemory;
  const cut = head.lastIndexOf(LF) + 1;
  if (cut <= 0) return inMemory;
  const parsed = parsePiece(head.subarray(0, cut), { ...options, maxLoCells: 0 });
  if (!parsed.ok || parsed.value.rowCount === 0) return inMemory;
  const table = parsed.value;
  const rows = Math.ceil((table.rowCount / cut) * fileBytes * RESERVE);
  const estimateBytes = rows * inMemoryBytesPerRow(table.columns.length);
  return { mode: estimateBytes > limit ? 'stream' : 'memory', limit, estimateBytes, fileBytes, first: { table, bytes: cut } };
}
