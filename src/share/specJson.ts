/**
 * A FitSpec as plain JSON text (the link's content, uncompressed and readable) and back, for
 * saved sessions and "download the fit" files. Reading applies every check a link gets (readSpec)
 * and never throws; a file from a newer Fitbench is refused the same way.
 */
import { shareError, type DecodeResult } from './errors';
import { writeJson } from './jsonText';
import { MAX_JSON_BYTES } from './limits';
import { readSpec } from './readSpec';
import type { FitSpec } from './types';
import { specToWire } from './wire';

/** The spec's JSON (ASCII; bounds ±∞ as null; exact numbers). Does not validate: see validateSpec. */
export function specToJson(spec: FitSpec): string {
  return writeJson(specToWire(spec));
}

export function specFromJson(text: string): DecodeResult<FitSpec> {
  if (typeof text !== 'string' || text.length > MAX_JSON_BYTES) {
    return { ok: false, error: shareError('too-large', `This fit file is too large (at most ${MAX_JSON_BYTES} characters).`) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: shareError('bad-json', 'This fit file is not valid JSON.') };
  }
  try {
    return readSpec(value);
  } catch (e) {
    return { ok: false, error: shareError('internal', `Reading this fit failed unexpectedly (${e instanceof Error ? e.message : String(e)}); please report it.`) };
  }
}
