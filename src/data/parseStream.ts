/**
 * Entry point for the worker: parses text that arrives in chunks (a dropped File read piece by
 * piece, see `blobChunks`), reporting progress and honouring cancellation between chunks.
 *
 * The source is any (async) iterable of strings, optionally wrapped with the total size in bytes so
 * that progress can be a fraction. Memory stays proportional to the parsed columns, not to the file:
 * each chunk is normalized, split into records and typed, then dropped.
 */
import { createIngest } from './ingest';
import type { ParseOptions, ParseProgress, Result, Table } from './types';

export type TextChunks = AsyncIterable<string> | Iterable<string>;
export type ChunkSource = TextChunks | { chunks: TextChunks; totalBytes?: number };

function unwrap(source: ChunkSource): { chunks: TextChunks; totalBytes: number | null } {
  if (typeof source === 'object' && source !== null && 'chunks' in source) {
    return { chunks: source.chunks, totalBytes: source.totalBytes ?? null };
  }
  return { chunks: source, totalBytes: null };
}

export async function parseStream(
  source: ChunkSource,
  options: ParseOptions = {},
  onProgress?: (progress: ParseProgress) => void,
): Promise<Result<Table>> {
  const { chunks, totalBytes } = unwrap(source);
  const ingest = createIngest(options);
  const signal = options.signal;
  let charsRead = 0;
  for await (const chunk of chunks) {
    if (signal?.aborted) break;
    ingest.push(chunk);
    charsRead += chunk.length;
    if (ingest.error) break; // no point reading the rest of a file that already failed
    const fraction = totalBytes ? Math.min(1, charsRead / totalBytes) : null;
    onProgress?.({ charsRead, rows: ingest.rows, fraction });
  }
  if (signal?.aborted) return { ok: false, error: { code: 'aborted', message: 'Parsing was cancelled' } };
  return ingest.finish();
}
