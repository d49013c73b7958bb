import { describe, expect, it } from 'vitest';
import { compileModel } from '../model/index';
import { LOSS_NAMES } from '../solver/loss';
import { costSource, gridSource, linearizeSource } from './kernelSources';
import { costSums, lanesFor, linearizeSums, reduceSums } from './sums';
import { fillTemplate } from './template';

function tape(text: string) {
  const r = compileModel(text, { columns: ['x'] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.tape();
}

const section = (source: string, from: string, to: string): string => source.slice(source.indexOf(from), source.indexOf(to));

describe('sums and their reduction', () => {
  it('lay out JᵀJ, Jᵀf, Σρ as the CPU normal kernel, then the non-finite counts', () => {
    const s = linearizeSums(3);
    expect(s.names).toEqual(['a0_0', 'a0_1', 'a0_2', 'a1_1', 'a1_2', 'a2_2', 'b0', 'b1', 'b2', 'q', 'nr', 'nj']);
    expect(s.normalLength).toBe(10);
    expect(linearizeSums(16).names).toHaveLength(155);
    expect(costSums().names).toEqual(['q', 'nr']);
  });

  it('fit in 16 KiB of workgroup storage, a few sums per round', () => {
    expect(lanesFor(64, 155)).toBe(64);
    expect(lanesFor(256, 155)).toBe(16);
    expect(lanesFor(256, 2)).toBe(2);
    expect(reduceSums(linearizeSums(1), 2)).toMatchInlineSnapshot(`
      "  lanes[0u * WG + lid] = a0_0;
        lanes[1u * WG + lid] = b0;
        reduce_lanes(lid, 2u);
        write_partial(lid, slot, 0u, 2u);
        lanes[0u * WG + lid] = q;
        lanes[1u * WG + lid] = nr;
        reduce_lanes(lid, 2u);
        write_partial(lid, slot, 2u, 2u);
        lanes[0u * WG + lid] = nj;
        reduce_lanes(lid, 1u);
        write_partial(lid, slot, 4u, 1u);"
    `);
  });
});

describe('kernel sources', () => {
  const gauss = tape('a*exp(-(x - mu)^2/(2*s^2)) + c');

  it('accumulate the weighted, robust Gauss–Newton sums per row', () => {
    const src = linearizeSource(tape('a*x + b'), 'cauchy', { workgroupSize: 64, weighted: true }).source;
    expect(section(src, '    let wi', '  }\n  let slot')).toMatchInlineSnapshot(`
      "    let wi = data[2u * chunk.stride + i];
          let r = wi * (t4 - data[1u * chunk.stride + i]);
          let j0 = wi * t1;
          let j1 = wi * t5;
          let rho = fb_loss_cauchy(r, c2);
          let s2 = max(rho.y + 2.0f * rho.z * r * r, FLOOR);
          let u = rho.y * r;
          let h0 = s2 * j0; let h1 = s2 * j1;
          a0_0 += h0 * j0; a0_1 += h0 * j1; a1_1 += h1 * j1;
          b0 += u * j0; b1 += u * j1;
          q += rho.x;
          nr += select(0.0f, 1.0f, fb_nonfinite(r));
          nj += select(0.0f, 1.0f, fb_nonfinite(j0) | fb_nonfinite(j1));
      "
    `);
  });

  it('take the plain sums for the linear loss and no weight column unweighted', () => {
    const src = linearizeSource(gauss, 'linear', { workgroupSize: 64, weighted: false }).source;
    expect(src).toContain('q += r * r;');
    expect(src).not.toContain('let wi');
    expect(src).not.toContain('= fb_loss_linear(');
  });

  it('fill every template slot, for every loss and kernel', () => {
    for (const loss of LOSS_NAMES) {
      for (const weighted of [false, true]) {
        for (const k of [linearizeSource(gauss, loss, { workgroupSize: 256, weighted }), costSource(gauss, loss, { workgroupSize: 64, weighted })]) {
          expect(k.source).not.toMatch(/\{\{|\}\}/);
          expect(k.source).toContain(`@compute @workgroup_size(WG)\nfn ${k.entryPoint}(`);
        }
      }
    }
    const grid = gridSource(gauss, true, 64).source;
    expect(grid).toContain('const OUT_STRIDE: u32 = 5u;');
    expect(grid).toContain('values[i * OUT_STRIDE + 4u] = t25;');
  });

  it('key pipelines by source hash, loss and workgroup size, never by data size', () => {
    const a = linearizeSource(gauss, 'huber', { workgroupSize: 64, weighted: false });
    const b = linearizeSource(gauss, 'huber', { workgroupSize: 64, weighted: false });
    expect(a.cacheKey).toBe(b.cacheKey);
    expect(a.cacheKey).toMatch(/^linearize:[0-9a-z]+:huber:wg64$/);
    expect(linearizeSource(gauss, 'huber', { workgroupSize: 256, weighted: false }).cacheKey).not.toBe(a.cacheKey);
    expect(linearizeSource(gauss, 'huber', { workgroupSize: 64, weighted: true }).cacheKey).not.toBe(a.cacheKey);
    expect(a.source).not.toMatch(/\b(rows|stride)\s*[:=]\s*\d/); // sizes live in uniforms
  });

  it('reject a workgroup size that is not a power of two up to 256', () => {
    expect(() => linearizeSource(gauss, 'linear', { workgroupSize: 96, weighted: false })).toThrow(RangeError);
    expect(() => costSource(gauss, 'linear', { workgroupSize: 512, weighted: false })).toThrow(RangeError);
  });
});

describe('templates', () => {
  it('fail loudly on a missing or unused slot', () => {
    expect(fillTemplate('a {{X}} b', { X: '1' })).toBe('a 1 b');
    expect(() => fillTemplate('a {{X}} {{Y}}', { X: '1' })).toThrow(/\{\{Y\}\}/);
    expect(() => fillTemplate('a {{X}}', { X: '1', Z: '2' })).toThrow(/\{\{Z\}\}/);
  });
});
