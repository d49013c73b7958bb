/**
 * Reads a Blob/File as UTF-8 text in chunks, for `parseStream`.
 *
 * Typed structurally (the core is compiled without DOM types), so a browser File, a Node Blob or a
 * test double all fit. Each slice is decoded by the Blob itself (`slice().text()`), which would
 * mangle a multi-byte character cut in two by the slice boundary; so before cutting, the last bytes
 * before the boundary are peeked and the cut moves back to the start of an incomplete sequence.
 *
 * A file that starts with a UTF-16 byte-order mark (textEncoding.ts) is decoded instead by a
 * streaming TextDecoder over the raw bytes, which carries a code unit or surrogate pair cut by a
 * slice boundary over to the next slice.
 */
import { BOM_BYTES, sniffEncoding, textDecoder, type TextEncodingName } from './textEncoding';

export interface BlobSliceLike {
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface BlobLike {
  readonly size: number;
  slice(start?: number, end?: number): BlobSliceLike;
}

/** Default chunk: big enough that per-chunk overhead vanishes, small enough for smooth progress. */
export const DEFAULT_CHUNK_BYTES = 4 << 20;

/** Length of the UTF-8 sequence a lead byte starts (0 for a continuation byte). */
function sequenceLength(byte: number): number {
  if (byte < 0x80) return 1;
  if (byte < 0xc0) return 0;
  if (byte < 0xe0) return 2;
  if (byte < 0xf0) return 3;
  return 4;
}

/** The largest cut ≤ end (and > start) that does not split a UTF-8 sequence. */
async function safeCut(blob: BlobLike, start: number, end: number): Promise<number> {
  const from = Math.max(start, end - 4);
  const tail = new Uint8Array(await blob.slice(from, end).arrayBuffer());
  for (let i = tail.length - 1; i >= 0; i--) {
    const len = sequenceLength(tail[i] ?? 0);
    if (len === 0) continue; // continuation byte: keep looking for its lead
    const lead = from + i;
    return lead + len <= end || lead === start ? end : lead;
  }
  return end; // not UTF-8 anyway; the parser will report what it finds
}

/** Slices of a UTF-16 file, decoded in order by one streaming decoder. */
async function* decodedChunks(blob: BlobLike, encoding: TextEncodingName, step: number): AsyncGenerator<string> {
  const decoder = textDecoder(encoding);
  for (let start = 0; start < blob.size; start += step) {
    const text = decoder.decode(new Uint8Array(await blob.slice(start, Math.min(blob.size, start + step)).arrayBuffer()), { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

export async function* blobChunks(blob: BlobLike, chunkBytes = DEFAULT_CHUNK_BYTES): AsyncGenerator<string> {
  const step = Math.max(4, Math.floor(chunkBytes));
  const encoding = blob.size >= 2 ? sniffEncoding(new Uint8Array(await blob.slice(0, BOM_BYTES).arrayBuffer())) : 'utf-8';
  if (encoding !== 'utf-8') {
    yield* decodedChunks(blob, encoding, step);
    return;
  }
  for (let start = 0; start < blob.size; ) {
    let end = Math.min(blob.size, start + step);
    if (end < blob.size) end = await safeCut(blob, start, end);
    yield await blob.slice(start, end).text();
    start = end;
  }
}
