/**
 * Properties of links: every valid spec round-trips exactly (Object.is on every number, so -0 and
 * ±Infinity bounds included), and no text (random, random base64, truncated or bit-flipped links,
 * forged JSON) makes decodeSpec throw or return a spec that fails validation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64urlEncode } from './base64url';
import { decodeSpec } from './decode';
import { encodeSpec, validateSpec } from './encode';
import { writeJson } from './jsonText';
import { arbSpec, decaySpec, rawLink } from './testSpecs.test';
import { specToWire } from './wire';
import { sweep } from '../../test/sweep';

/** decodeSpec's contract on any text: a value, never a throw; ok only for specs that validate. */
function decodesCleanly(text: string): void {
  const r = decodeSpec(text);
  if (r.ok) expect(validateSpec(r.spec).ok).toBe(true);
  else {
    expect(r.error.code).not.toBe('internal');
    expect(r.error.message.length).toBeGreaterThan(10);
  }
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('link round trip', () => {
  it('random valid specs decode to exactly themselves', () => {
    fc.assert(
      fc.property(arbSpec, (spec) => {
        expect(validateSpec(spec)).toEqual({ ok: true, spec });
        expect(decodeSpec(encodeSpec(spec))).toEqual({ ok: true, spec });
      }),
      { numRuns: sweep(200, 50) },
    );
  });

  it('one spec gives one link: re-encoding a decoded link gives the same text', () => {
    fc.assert(
      fc.property(arbSpec, (spec) => {
        const link = encodeSpec(spec);
        const back = decodeSpec(link);
        expect(back.ok && encodeSpec(back.spec)).toBe(link);
      }),
      { numRuns: sweep(100, 25) },
    );
  });

  it('equality here tells -0 from 0 (so the round trip above keeps -0)', () => {
    expect({ v: -0 }).not.toEqual({ v: 0 });
  });
});

describe('bad text never throws', () => {
  it('random text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => decodesCleanly(s)), { numRuns: sweep(500, 125) });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => decodesCleanly(`#fit=v1.${s}`)), { numRuns: sweep(500, 125) });
  });

  it('random base64url payloads and random bytes', () => {
    const b64 = fc.string({ unit: fc.constantFrom(...BASE64URL), maxLength: 400 });
    fc.assert(fc.property(b64, (s) => decodesCleanly(`#fit=v1.${s}`)), { numRuns: sweep(1000, 250) });
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), (b) => decodesCleanly(`#fit=v1.${base64urlEncode(b)}`)), { numRuns: sweep(1000, 250) });
  });

  it('truncated valid links', () => {
    fc.assert(
      fc.property(arbSpec, fc.nat(), (spec, n) => {
        const link = encodeSpec(spec);
        const cut = n % link.length;
        decodesCleanly(link.slice(0, cut));
        expect(decodeSpec(link.slice(0, cut)).ok).toBe(false);
      }),
      { numRuns: sweep(300, 75) },
    );
  });

  it('valid links with one character changed or one bit flipped', () => {
    fc.assert(
      fc.property(arbSpec, fc.nat(), fc.nat(63), (spec, n, k) => {
        const link = encodeSpec(spec);
        const start = '#fit=v1.'.length;
        const at = start + (n % (link.length - start));
        const changed = BASE64URL[(BASE64URL.indexOf(link[at]) + 1 + (k % 63)) % 64];
        decodesCleanly(link.slice(0, at) + changed + link.slice(at + 1));
      }),
      { numRuns: sweep(500, 125) },
    );
  });

  it('forged JSON: any JSON value, and valid specs with one field replaced by any JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => decodesCleanly(rawLink(JSON.stringify(v)))), { numRuns: sweep(300, 75) });
    fc.assert(
      fc.property(arbSpec, fc.nat(), fc.jsonValue(), (spec, n, replacement) => {
        const wire = JSON.parse(writeJson(specToWire(spec))) as Record<string, unknown>;
        // pick one object somewhere in the tree and replace one of its fields
        const objects: Record<string, unknown>[] = [];
        const walk = (v: unknown) => {
          if (v && typeof v === 'object') {
            if (!Array.isArray(v)) objects.push(v as Record<string, unknown>);
            Object.values(v).forEach(walk);
          }
        };
        walk(wire);
        const target = objects[n % objects.length];
        const keys = Object.keys(target);
        target[keys[n % keys.length]] = replacement;
        decodesCleanly(rawLink(JSON.stringify(wire)));
      }),
      { numRuns: sweep(500, 125) },
    );
  });

  it('a hostile but well-formed link: deep nesting, huge arrays', () => {
    decodesCleanly(rawLink('['.repeat(100_000) + ']'.repeat(100_000)));
    const wire = JSON.parse(writeJson(specToWire(decaySpec()))) as Record<string, unknown>;
    (wire.data as Record<string, unknown>).columns = { t: new Array(600_000).fill(1), counts: new Array(600_000).fill(1) };
    expect(decodeSpec(rawLink(JSON.stringify(wire)))).toMatchObject({ ok: false, error: { code: 'invalid', path: 'data.columns' } });
  });
});
