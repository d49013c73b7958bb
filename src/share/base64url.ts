/**
 * base64url (RFC 4648 §5) without padding: the alphabet A–Z a–z 0–9 - _ needs no escaping in a
 * URL fragment. Decoding is strict (any other character, a length ≡ 1 mod 4, or non-zero unused
 * trailing bits is refused), so one link text has exactly one meaning. Pure: no atob/Buffer.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const VALUE = (() => {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

export function base64urlEncode(bytes: Uint8Array): string {
  const out: string[] = [];
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out.push(ALPHABET[n >> 18], ALPHABET[(n >> 12) & 63], ALPHABET[(n >> 6) & 63], ALPHABET[n & 63]);
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out.push(ALPHABET[n >> 18], ALPHABET[(n >> 12) & 63]);
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out.push(ALPHABET[n >> 18], ALPHABET[(n >> 12) & 63], ALPHABET[(n >> 6) & 63]);
  }
  return out.join('');
}

/** The bytes, or null when `text` is not canonical unpadded base64url. */
export function base64urlDecode(text: string): Uint8Array | null {
  const tail = text.length % 4;
  if (tail === 1) return null;
  const out = new Uint8Array(((text.length - tail) / 4) * 3 + (tail === 0 ? 0 : tail - 1));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? VALUE[c] : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  // The unused low bits of the last character must be zero (canonical form).
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) return null;
  return out;
}
