/**
 * Adler-32 (RFC 1950 §8.2), the checksum that closes a zlib stream. fflate writes it but does not
 * check it when inflating, so the link decoder checks it here: a link altered in transit then
 * fails as 'corrupt' instead of decoding to different numbers.
 */

const MOD = 65521;
/** Largest run of bytes before the sums must be reduced (zlib's NMAX): keeps them below 2³². */
const NMAX = 5552;

export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let start = 0; start < bytes.length; start += NMAX) {
    const end = Math.min(start + NMAX, bytes.length);
    for (let i = start; i < end; i++) {
      a += bytes[i];
      b += a;
    }
    a %= MOD;
    b %= MOD;
  }
  return ((b << 16) | a) >>> 0;
}
