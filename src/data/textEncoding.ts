/**
 * The encoding of a text file, from its byte-order mark: UTF-16 LE (FF FE) and BE (FE FF), as
 * Excel's "Unicode text" and many Windows tools write them, else UTF-8 (with or without EF BB BF).
 * Without a BOM a file is read as UTF-8; UTF-16 without one still shows as NUL bytes, which the
 * normalizer calls binary. Decoding goes through the platform's TextDecoder (WHATWG Encoding), which
 * the worker and Node both have; the core is compiled without DOM types, hence the structural type.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

/** WHATWG TextDecoder, as much of it as is used here. */
export interface TextDecoderLike {
  decode(bytes?: Uint8Array, options?: { stream?: boolean }): string;
}

type TextDecoderCtor = new (label: string, options?: { fatal?: boolean; ignoreBOM?: boolean }) => TextDecoderLike;

/** Bytes of the longest BOM (UTF-8's); enough of the head for sniffEncoding. */
export const BOM_BYTES = 3;

export function sniffEncoding(head: Uint8Array): TextEncodingName {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/**
 * A decoder for `encoding` that drops the BOM (the default of TextDecoder's ignoreBOM: false), or
 * keeps it with `keepBom` (the byte ingest leaves it to the normalizer, as Node's Buffer decoding does).
 */
export function textDecoder(encoding: TextEncodingName, keepBom = false): TextDecoderLike {
  const Decoder = (globalThis as unknown as { TextDecoder: TextDecoderCtor }).TextDecoder;
  return new Decoder(encoding, keepBom ? { ignoreBOM: true } : undefined);
}

/** A whole file's bytes as text, by its BOM. */
export function decodeBytes(bytes: Uint8Array): string {
  return textDecoder(sniffEncoding(bytes)).decode(bytes);
}
