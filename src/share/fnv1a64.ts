/**
 * 64-bit FNV-1a (Fowler, Noll, Vo; IETF draft-eastlake-fnv), byte by byte:
 *
 *   h = 0xcbf29ce484222325;  for each byte b: h = (h XOR b) · 0x100000001b3  (mod 2⁶⁴)
 *
 * Chosen for data fingerprints because it is a dozen lines anyone can re-implement (Python:
 * `h = ((h ^ b) * 0x100000001b3) & (2**64 - 1)`), needs no platform crypto (the worker, the page
 * and Node compute it identically), and 64 bits make accidental collisions between two data files
 * negligible. It is not a cryptographic hash: it detects the wrong file, not a forged one.
 *
 * The state is two 32-bit halves. The prime is 2⁴⁰ + 0x1b3, so h·prime = h·0x1b3 + (h << 40):
 * lo·0x1b3 < 2⁴¹ is exact in a double and supplies the low word and a carry; the high word gets
 * hi·0x1b3 (mod 2³², Math.imul), the carry, and lo << 8 (the part of h << 40 that lands in it).
 */

export class Fnv1a64 {
  private hi = 0xcbf29ce4;
  private lo = 0x84222325;

  update(bytes: Uint8Array): this {
    let hi = this.hi;
    let lo = this.lo;
    for (let i = 0; i < bytes.length; i++) {
      lo = (lo ^ bytes[i]) >>> 0;
      const p = lo * 0x1b3;
      const carry = Math.floor(p / 0x100000000);
      hi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) >>> 0;
      lo = p >>> 0;
    }
    this.hi = hi;
    this.lo = lo;
    return this;
  }

  /** 16 lowercase hex digits. */
  hex(): string {
    return this.hi.toString(16).padStart(8, '0') + this.lo.toString(16).padStart(8, '0');
  }
}
