import { describe, expect, it } from 'vitest';
import { compileModel } from '../model/index';
import { BATCH_MAX_FREE, BATCH_STATUS, batchFitSource } from './batchSource';

function model(text: string) {
  const r = compileModel(text, { columns: ['x'] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('the batch-fit kernel source', () => {
  const m = model('bottom + (top - bottom)*x^hill/(EC50^hill + x^hill)');
  // Free: top, hill, EC50 (bottom fixed, index 0).
  const free = [1, 2, 3];
  const src = batchFitSource(m.tape(free), false);

  it('sizes its private state from the model and maps free parameters to their slots', () => {
    expect(src.k).toBe(3);
    expect(src.nParams).toBe(4);
    expect(src.outStride).toBe(7);
    expect(src.columns).toBe(2);
    expect(src.source).toMatch(/const NP: u32 = 4u;/);
    expect(src.source).toMatch(/const K: u32 = 3u;/);
    expect(src.source).toMatch(/const KK: u32 = 9u;/);
    // The fixed parameter is never clipped, saved or stepped.
    expect(src.source).not.toMatch(/P\[0u\] = clamp/);
    expect(src.source).toMatch(/P\[1u\] = clamp\(P\[1u\], bounds\[0u\], bounds\[3u\]\);/);
    expect(src.source).toMatch(/P\[3u\] = clamp\(S\[2u\] \+ d\[2u\], bounds\[2u\], bounds\[5u\]\);/);
    // JᵀJ stored symmetric, Jᵀr into g.
    expect(src.source).toMatch(/A\[1u\] = a0_1;\s*A\[3u\] = a0_1;/);
    expect(src.source).toMatch(/g\[2u\] = b2;/);
    expect(src.source).not.toMatch(/\{\{[A-Z_]+\}\}/);
  });

  it('reads rows at batch.stride, with a weight column when asked, and pow with float64\'s domain', () => {
    expect(src.source).toMatch(/data\[1u \* batch\.stride \+ i\]/);
    expect(src.source).not.toMatch(/\bwi\b/);
    expect(src.source).toMatch(/fb_pow\(/);
    expect(src.source).not.toMatch(/[^_]pow\(t/);
    const weighted = batchFitSource(m.tape(free), true);
    expect(weighted.columns).toBe(3);
    expect(weighted.source).toMatch(/let wi = data\[2u \* batch\.stride \+ i\];/);
    expect(weighted.cacheKey).not.toBe(src.cacheKey);
  });

  it('declares every status the host decodes', () => {
    for (const [name, v] of Object.entries(BATCH_STATUS)) {
      const wgsl = `STATUS_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
      expect(src.source).toContain(`const ${wgsl}: f32 = ${v.toFixed(1)}f;`);
    }
  });

  it('refuses models beyond its free-parameter limit', () => {
    const names = Array.from({ length: BATCH_MAX_FREE + 1 }, (_, i) => `p${i}`);
    const big = model(names.map((n, i) => `${n}*x^${i}`).join(' + '));
    expect(() => batchFitSource(big.tape(), false)).toThrow(/1 … 12 free parameters/);
  });
});
