import { describe, expect, it } from 'vitest';
import { evalUniformBytes, packChunk, packEval, packGrid, paramReader, paramRows, uniformStructs } from './uniforms';

describe('uniform layouts (WGSL §14.4)', () => {
  it('pack Eval as c2 + padding, then the parameters four to a vec4 row', () => {
    const packed = packEval([1, 2, 3, 4, 5], 4);
    expect(Array.from(packed)).toEqual([4, 0, 0, 0, 1, 2, 3, 4, 5, 0, 0, 0]);
    expect(packed.byteLength).toBe(evalUniformBytes(5));
    expect(evalUniformBytes(0)).toBe(32); // WGSL arrays are never empty
    expect(evalUniformBytes(16)).toBe(16 + 4 * 16);
  });

  it('read parameter i from row i/4, lane i%4, matching the packer', () => {
    expect(paramReader(0)).toBe('ev.p[0u].x');
    expect(paramReader(6)).toBe('ev.p[1u].z');
    const packed = packEval(Array.from({ length: 9 }, (_, i) => 10 + i), 1);
    for (let i = 0; i < 9; i++) {
      const [, row, lane] = /ev\.p\[(\d+)u\]\.([xyzw])/.exec(paramReader(i)) ?? [];
      expect(packed[4 + 4 * Number(row) + 'xyzw'.indexOf(lane)]).toBe(10 + i);
    }
  });

  it('reuse the output buffer and reject a wrong one', () => {
    const out = new Float32Array(evalUniformBytes(3) / 4);
    expect(packEval([7, 8, 9], 2, out)).toBe(out);
    expect(() => packEval([7, 8, 9, 10, 11], 2, out)).toThrow(RangeError);
  });

  it('declare the structs with the sizes the packers write', () => {
    const wgsl = uniformStructs(9);
    expect(wgsl).toContain(`p: array<vec4<f32>, ${paramRows(9)}>`);
    expect(wgsl.match(/^\s+\w+: (u32|f32),/gm)?.length).toBe(4 + 4 + 4); // Chunk, Grid, Eval head
    expect(new Uint32Array(packChunk(5, 64, 3))).toEqual(new Uint32Array([5, 64, 3, 0]));
    expect(new Uint32Array(packGrid(7, 7))).toEqual(new Uint32Array([7, 7, 0, 0]));
    expect(() => packChunk(-1, 0, 0)).toThrow(RangeError);
  });
});
