/**
 * Link failures are values: decodeSpec returns one of these, never throws. The code is stable for
 * programs and tests; the message is the sentence the page shows, naming what is wrong and, where
 * there is one, what to do.
 */

export type ShareErrorCode =
  | 'empty' // no link text at all
  | 'not-a-link' // text that is not a Fitbench fit link
  | 'too-large' // the fragment, or what it inflates to, exceeds the caps in limits.ts
  | 'bad-encoding' // the payload is not base64url
  | 'corrupt' // the compressed payload is damaged (truncated, altered: inflate or checksum failed)
  | 'bad-json' // it inflates, but not to JSON
  | 'newer-version' // made by a newer Fitbench (SPEC_VERSION below the link's)
  | 'invalid' // JSON that breaks the schema (the message names the field)
  | 'model' // the model does not compile (the compiler's message)
  | 'internal'; // a bug, caught at the boundary

export interface ShareError {
  readonly code: ShareErrorCode;
  readonly message: string;
  /** The field at fault, e.g. `settings.ftol` or `parameters[2].min`, for 'invalid'. */
  readonly path?: string;
}

export type DecodeResult<T> = { ok: true; spec: T } | { ok: false; error: ShareError };

export function shareError(code: ShareErrorCode, message: string, path?: string): ShareError {
  return path === undefined ? { code, message } : { code, message, path };
}

/** Thrown by encodeSpec for a spec that would make a link decodeSpec refuses (a caller bug). */
export class SpecError extends Error {
  constructor(readonly error: ShareError) {
    super(error.message);
    this.name = 'SpecError';
  }
}
