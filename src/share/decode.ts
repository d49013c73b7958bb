/**
 * Link fragment → FitSpec, for text from anywhere (the address bar, a paste, a forged link). It
 * never throws: every failure is a ShareError with a sentence for the page. Each step is bounded
 * before it runs: the text length before decoding, the compressed size before inflating, the
 * inflated size while inflating (limits.ts), and then every field is validated (readSpec).
 *
 * Accepted forms: a whole URL (`https://…/#fit=v1.…`), a fragment (`#fit=v1.…`, possibly among
 * other `&`-separated entries), or the bare `v1.…`.
 */
import { strFromU8 } from 'fflate';
import { base64urlDecode } from './base64url';
import { inflateCapped } from './compress';
import { LINK_KEY } from './encode';
import { shareError, type DecodeResult, type ShareError } from './errors';
import { MAX_FRAGMENT_CHARS, MAX_JSON_BYTES } from './limits';
import { readSpec } from './readSpec';
import { SPEC_VERSION, type FitSpec } from './types';

const failure = (error: ShareError): { ok: false; error: ShareError } => ({ ok: false, error });

/** The `v<N>.<payload>` part of the text, or null. */
function linkPart(text: string): string | null {
  const hash = text.indexOf('#');
  const fragment = hash >= 0 ? text.slice(hash + 1) : text;
  for (const entry of fragment.split('&')) {
    if (entry.startsWith(`${LINK_KEY}=`)) return entry.slice(LINK_KEY.length + 1);
  }
  return /^v[0-9]/.test(fragment) ? fragment : null;
}

function decodeUnguarded(input: string): DecodeResult<FitSpec> {
  const text = input.trim();
  if (text === '') return failure(shareError('empty', 'There is no link to open.'));
  // The path and query of a whole URL add little; anything much longer than a link is refused unread.
  if (text.length > MAX_FRAGMENT_CHARS + 8192) return failure(shareError('too-large', `This link is too long (${text.length} characters; at most ${MAX_FRAGMENT_CHARS}).`));
  const part = linkPart(text);
  const m = part === null ? null : /^v([0-9]{1,9})\.([\s\S]*)$/.exec(part);
  if (m === null) return failure(shareError('not-a-link', 'This is not a Fitbench fit link (expected "#fit=v1.…").'));
  const version = Number(m[1]);
  if (version > SPEC_VERSION) {
    return failure(shareError('newer-version', `This link was made by a newer Fitbench (link format ${version}; this page reads up to ${SPEC_VERSION}). Open it in an up-to-date Fitbench.`));
  }
  if (version < 1) return failure(shareError('not-a-link', `This is not a Fitbench fit link (unknown format v${m[1]}).`));
  const payload = m[2];
  if (payload.length > MAX_FRAGMENT_CHARS) return failure(shareError('too-large', `This link is too long (${payload.length} characters; at most ${MAX_FRAGMENT_CHARS}).`));
  const bytes = base64urlDecode(payload);
  if (bytes === null) return failure(shareError('bad-encoding', 'This link is damaged: it contains characters a Fitbench link never has (was it cut or re-encoded?).'));
  const inflated = inflateCapped(bytes, MAX_JSON_BYTES);
  if (!inflated.ok) {
    return failure(
      inflated.reason === 'too-large'
        ? shareError('too-large', `This link is too large to open: ${inflated.detail}.`)
        : shareError('corrupt', `This link is damaged: ${inflated.detail}. Copy the whole link again.`),
    );
  }
  const json = inflated.bytes;
  for (let i = 0; i < json.length; i++) {
    if (json[i] >= 0x80) return failure(shareError('corrupt', 'This link is damaged: its content is not the text Fitbench writes.'));
  }
  let value: unknown;
  try {
    value = JSON.parse(strFromU8(json, true));
  } catch {
    return failure(shareError('bad-json', 'This link is damaged: its content is not valid JSON.'));
  }
  const inner = typeof value === 'object' && value !== null ? (value as { version?: unknown }).version : undefined;
  if (typeof inner === 'number' && inner !== version) {
    return failure(shareError('invalid', `This link is not valid: its prefix says format ${version} but its content says ${inner}.`, 'version'));
  }
  return readSpec(value);
}

/** Decodes a fit link; see the module docblock. Never throws. */
export function decodeSpec(fragment: string): DecodeResult<FitSpec> {
  try {
    if (typeof fragment !== 'string') return failure(shareError('empty', 'There is no link to open.'));
    return decodeUnguarded(fragment);
  } catch (e) {
    return failure(shareError('internal', `Opening this link failed unexpectedly (${e instanceof Error ? e.message : String(e)}); please report it.`));
  }
}
