/**
 * FitSpec → link fragment:
 *
 *   #fit=v1.<base64url(zlib(json))>
 *
 * `v1` is SPEC_VERSION, outside the payload, so a reader can refuse a newer link before inflating
 * it. json is the wire object (wire.ts) written by jsonText.ts (ASCII, exact numbers, -0 kept);
 * zlib is deflate level 9 with its Adler-32 trailer, which the decoder checks. Only
 * A–Z a–z 0–9 - _ . = # appear: nothing a URL fragment needs escaped.
 *
 * The spec is validated with the decoder's own reader before the link is made, so every link
 * encodeSpec returns decodes; an invalid spec throws SpecError (a caller bug: check a spec the user
 * edited with validateSpec first and show its message).
 */
import { strToU8 } from 'fflate';
import { base64urlEncode } from './base64url';
import { deflateWithin } from './compress';
import { shareError, SpecError, type DecodeResult } from './errors';
import { writeJson } from './jsonText';
import { MAX_FRAGMENT_CHARS, MAX_JSON_BYTES } from './limits';
import { readSpec } from './readSpec';
import { SPEC_VERSION, type FitSpec } from './types';
import { specToWire } from './wire';

export const LINK_KEY = 'fit';

/** The most compressed bytes whose base64url text stays within MAX_FRAGMENT_CHARS. */
export const MAX_COMPRESSED_BYTES = Math.floor((MAX_FRAGMENT_CHARS * 3) / 4);

const tooLarge = (what: string) =>
  new SpecError(shareError('too-large', `This fit is too large for a link (${what}); share the data file separately (planLink does).`));

/**
 * Validates an in-memory spec exactly as a link carrying it would be validated (e.g. a spec the
 * user edited, or one read back from storage). Never throws: an object that is not shaped like a
 * FitSpec at all is reported as invalid.
 */
export function validateSpec(spec: FitSpec): DecodeResult<FitSpec> {
  let json: string;
  try {
    json = writeJson(specToWire(spec));
  } catch {
    return { ok: false, error: shareError('invalid', 'This is not a Fitbench fit (its fields are missing or of the wrong kind).') };
  }
  return readSpec(JSON.parse(json) as unknown);
}

/**
 * The fragment for `spec`, or null when its compressed payload exceeds `budget` bytes (checked
 * while compressing, before validation, so that an oversized attempt costs little).
 */
export function encodeWithin(spec: FitSpec, budget: number): { fragment: string; compressedBytes: number } | null {
  const json = writeJson(specToWire(spec));
  if (json.length > MAX_JSON_BYTES) throw tooLarge(`${json.length} bytes of JSON, more than ${MAX_JSON_BYTES}`);
  const z = deflateWithin(strToU8(json, true), budget);
  if (z === null) return null;
  const checked = readSpec(JSON.parse(json) as unknown);
  if (!checked.ok) throw new SpecError(checked.error);
  return { fragment: `#${LINK_KEY}=v${SPEC_VERSION}.${base64urlEncode(z)}`, compressedBytes: z.length };
}

/**
 * The link fragment (with its leading '#') for `spec`. Throws SpecError for an invalid spec, or
 * (code 'too-large') for one whose link decodeSpec would refuse as too large.
 */
export function encodeSpec(spec: FitSpec): string {
  const out = encodeWithin(spec, MAX_COMPRESSED_BYTES);
  if (out === null) throw tooLarge(`more than ${MAX_COMPRESSED_BYTES} compressed bytes`);
  return out.fragment;
}
