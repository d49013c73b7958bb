/**
 * Entry point for a dropped File (the page's worker): its bytes read slice by slice into the byte
 * ingest (byteIngest.ts: numbers straight from bytes), with progress and cancellation between
 * slices. A UTF-16 file (by its BOM) goes through the text path (`blobChunks` + `parseStream`), whose
 * decoder carries code units across slices. Same Table as `parseStream(blobChunks(blob))`.
 */
import { blobChunks, DEFAULT_CHUNK_BYTES, type BlobLike } from './blobChunks';
import { createByteIngest } from './byteIngest';
import { parseStream } from './parseStream';
import { BOM_BYTES, sniffEncoding } from './textEncoding';
import type { ParseOptions, ParseProgress, Result, Table } from './types';

export async function parseBlob(
  blob: BlobLike,
  options: ParseOptions = {},
  onProgress?: (progress: ParseProgress) => void,
  chunkBytes = DEFAULT_CHUNK_BYTES,
): Promise<Result<Table>> {
  const head = blob.size >= 2 ? new Uint8Array(await blob.slice(0, BOM_BYTES).arrayBuffer()) : new Uint8Array(0);
  if (sniffEncoding(head) !== 'utf-8') return parseStream({ chunks: blobChunks(blob, chunkBytes), totalBytes: blob.size }, options, onProgress);
  const ingest = createByteIngest(options, blob.size);
  const signal = options.signal;
  const step = Math.max(1, Math.floor(chunkBytes));
  for (let start = 0; start < blob.size; start += step) {
    if (signal?.aborted) break;
    const end = Math.min(blob.size, start + step);
    ingest.push(new Uint8Array(await blob.slice(start, end).arrayBuffer()));
    if (ingest.error) break; // no point reading the rest of a file that already failed
    onProgress?.({ charsRead: end, rows: ingest.rows, fraction: blob.size ? end / blob.size : null });
  }
  if (signal?.aborted) return { ok: false, error: { code: 'aborted', message: 'Parsing was cancelled' } };
  return ingest.finish();
}
