import fc from 'fast-check';
import { strToU8, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { adler32 } from './adler32';
import { base64urlDecode, base64urlEncode } from './base64url';
import { deflateWithin, inflateCapped } from './compress';
import { Fnv1a64 } from './fnv1a64';
import { jsonNumber, writeJson } from './jsonText';

/** Reference FNV-1a 64 in BigInt, straight from the definition. */
function fnvReference(bytes: Uint8Array): string {
  let h = 0xcbf29ce484222325n;
  for (const b of bytes) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

describe('FNV-1a 64', () => {
  it('matches the published test vectors', () => {
    expect(new Fnv1a64().update(strToU8('')).hex()).toBe('cbf29ce484222325');
    expect(new Fnv1a64().update(strToU8('a')).hex()).toBe('af63dc4c8601ec8c');
    expect(new Fnv1a64().update(strToU8('foobar')).hex()).toBe('85944171f73967e8');
  });

  it('matches a BigInt reference on random bytes, in one piece or in parts', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(300), (bytes, cut) => {
        const whole = new Fnv1a64().update(bytes).hex();
        const parts = new Fnv1a64().update(bytes.subarray(0, cut)).update(bytes.subarray(cut)).hex();
        expect(whole).toBe(fnvReference(bytes));
        expect(parts).toBe(whole);
      }),
    );
  });
});

describe('base64url', () => {
  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = base64urlEncode(bytes);
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(base64urlDecode(text)).toEqual(bytes);
      }),
    );
  });

  it('refuses foreign characters, padding, impossible lengths and non-canonical tails', () => {
    expect(base64urlDecode('ab+c')).toBeNull();
    expect(base64urlDecode('abc=')).toBeNull();
    expect(base64urlDecode('abcde')).toBeNull();
    expect(base64urlDecode('AA')).toEqual(Uint8Array.of(0));
    expect(base64urlDecode('AB')).toBeNull(); // the 4 unused bits of 'B' are not zero
  });
});

describe('zlib', () => {
  it('inflates what it deflates, and checks the Adler-32 trailer', () => {
    const text = strToU8('hello '.repeat(1000));
    const z = deflateWithin(text);
    expect(z).not.toBeNull();
    const back = inflateCapped(z!, 1e6);
    expect(back.ok && back.bytes).toEqual(text);
    const bad = Uint8Array.from(z!);
    bad[bad.length - 1] ^= 1;
    expect(inflateCapped(bad, 1e6)).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  it('adler32 matches zlib (fflate writes it)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20000 }), (bytes) => {
        const z = zlibSync(bytes);
        const t = z.length - 4;
        expect(adler32(bytes)).toBe(((z[t] << 24) | (z[t + 1] << 16) | (z[t + 2] << 8) | z[t + 3]) >>> 0);
      }),
      { numRuns: 30 },
    );
  });

  it('stops a zip bomb at the cap', () => {
    const bomb = zlibSync(new Uint8Array(40 << 20), { level: 9 }); // 40 MiB of zeros in ~40 KiB
    const t0 = performance.now();
    expect(inflateCapped(bomb, 16 << 20)).toMatchObject({ ok: false, reason: 'too-large' });
    // ~0.5 s: inflating long zero runs goes at ~70 MB/s; what matters is that it stops at the cap
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it('deflateWithin gives up past the budget', () => {
    let state = 2463534242;
    const noise = Uint8Array.from({ length: 200_000 }, () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return state & 0xff;
    });
    expect(deflateWithin(noise, 10_000)).toBeNull();
  });
});

describe('JSON writer', () => {
  it('writes the shortest round-trip decimal and keeps -0', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (v) => {
        expect(Object.is(JSON.parse(jsonNumber(v)), v)).toBe(true);
      }),
    );
    expect(jsonNumber(-0)).toBe('-0');
    expect(jsonNumber(Infinity)).toBe('null');
  });

  it('is pure ASCII and parses back to the same strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const text = writeJson({ s });
        expect(text).toMatch(/^[\x20-\x7e]*$/);
        expect(JSON.parse(text)).toEqual({ s });
      }),
    );
  });
});
