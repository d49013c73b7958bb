import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emitWgslCode, tapeIsF32Faithful, wgslStatement, type WgslReaders } from './emitWgsl';
import { F32_MAX, wgslF32 } from './emitWgslLiteral';
import { compiled } from './testUtil.test';

const readers: WgslReaders = { param: (i) => `p[${i}]`, variable: (c) => `v${c}[i]` };

describe('WGSL for a tape', () => {
  it('writes one let per instruction, parameters hoisted out of the row loop', () => {
    const tape = compiled('a*exp(-(x - mu)^2/(2*s^2)) + c').tape();
    const full = emitWgslCode(tape, [tape.value, ...tape.grads], readers);
    expect(full.hoisted).toMatchInlineSnapshot(`
      "let t0 = p[0];
      let t2 = p[1];
      let t5 = 2f;
      let t6 = p[2];
      let t7 = t6 * t6;
      let t8 = t5 * t7;
      let t13 = p[3];
      let t19 = t5 * t6;
      let t20 = t5 * t19;
      let t21 = t20 / t8;
      let t25 = 1f;"
    `);
    expect(full.row).toMatchInlineSnapshot(`
      "let t1 = v0[i];
      let t3 = t1 - t2;
      let t4 = t3 * t3;
      let t9 = t4 / t8;
      let t10 = -t9;
      let t11 = exp(t10);
      let t12 = t0 * t11;
      let t14 = t12 + t13;
      let t15 = t3 * t5;
      let t16 = t15 / t8;
      let t17 = t11 * t16;
      let t18 = t0 * t17;
      let t22 = t9 * t21;
      let t23 = t11 * t22;
      let t24 = t0 * t23;"
    `);
    expect(full.f32Faithful).toBe(true);
  });

  it('drops gradient code from value-only kernels', () => {
    const tape = compiled('a*sin(w*x) + b').tape();
    const value = emitWgslCode(tape, [tape.value], readers);
    const all = emitWgslCode(tape, [tape.value, ...tape.grads], readers);
    expect(value.row).not.toContain('fb_cos');
    expect(all.row).toContain('fb_cos');
  });

  it('maps every function of the language', () => {
    const tape = compiled('a*(log10(x) + erf(x) + erfc(x) + sinh(x) + tanh(x) + cosh(x) + tan(x) + acos(x) + asin(x) + atan2(x, b) + min(x, b) + max(x, b) + abs(x) + pow(x, b) + sqrt(x) + log(x) + exp(x) + atan(x))').tape([0]);
    const row = emitWgslCode(tape, [tape.value], readers).row;
    const absTape = compiled('abs(b*x)').tape();
    expect(emitWgslCode(absTape, absTape.grads, readers).row).toContain('sign('); // d|bx|/db
    for (const fn of ['fb_erf(', 'fb_erfc(', 'fb_sinh(', 'fb_tanh(', 'cosh(', 'fb_tan(', 'fb_acos(', 'asin(', 'atan2(', 'min(', 'max(', 'abs(', 'pow(', 'sqrt(', 'log(', 'exp(', 'atan(']) {
      expect(row).toContain(fn);
    }
    expect(row).toMatch(/log\(t\d+\) \* 0\.4342944819032518f/);
  });

  it('unrolls integer powers into multiplications, negative ones as a reciprocal', () => {
    expect(wgslStatement({ op: 'powi', a: 1, n: 5 }, 2, readers)).toMatchInlineSnapshot(`"let t2_b0 = t1 * t1; let t2_b1 = t2_b0 * t2_b0; let t2 = t1 * t2_b1;"`);
    expect(wgslStatement({ op: 'powi', a: 1, n: -3 }, 2, readers)).toMatchInlineSnapshot(`"let t2_b0 = t1 * t1; let t2_r1 = t1 * t2_b0; let t2 = 1.0f / t2_r1;"`);
    expect(wgslStatement({ op: 'powi', a: 1, n: 0 }, 2, readers)).toBe('let t2 = 1.0f;');
    expect(wgslStatement({ op: 'powi', a: 1, n: -1 }, 2, readers)).toBe('let t2 = 1.0f / t1;');
  });

  it('writes selectLe as select(f, t, a <= b)', () => {
    expect(wgslStatement({ op: 'call', fn: 'selectLe', args: [1, 2, 3, 4] }, 5, readers)).toBe('let t5 = select(t4, t3, t1 <= t2);');
  });

  it('marks a tape whose constants f32 cannot hold', () => {
    expect(tapeIsF32Faithful(compiled('a*x + 1e-3').tape())).toBe(true);
    expect(tapeIsF32Faithful(compiled('a*x + 1e39').tape())).toBe(false);
    expect(tapeIsF32Faithful(compiled('a*x + 1e-40').tape())).toBe(false);
  });

  it('never lets model identifiers into the source', () => {
    const tape = compiled('fn*x + loop*exp(var) + let^2 - workgroupBarrier/struct').tape();
    const code = emitWgslCode(tape, [tape.value, ...tape.grads], readers);
    const words = `${code.hoisted}\n${code.row}`.match(/(?<![\w.])[A-Za-z_][\w]*/g) ?? [];
    const allowed = /^(let|t\d+(_[rb]\d+)?|p|v\d+|i|exp|f)$/;
    for (const word of words) expect(word, word).toMatch(allowed);
  });
});

describe('f32 literals', () => {
  it('are the shortest decimal of the nearest f32', () => {
    expect(wgslF32(1.5).text).toBe('1.5f');
    expect(wgslF32(0.1).text).toBe('0.1f');
    expect(wgslF32(1 / 3).text).toBe('0.33333334f');
    expect(wgslF32(-2.5e-7).text).toBe('(-2.5e-7f)');
    expect(wgslF32(1e30).text).toBe('1e+30f');
    expect(wgslF32(0).text).toBe('0.0f');
    expect(wgslF32(-0).text).toBe('(-0.0f)');
  });

  it('saturate, flush or zero what f32 cannot hold, and say so', () => {
    expect(wgslF32(1e39)).toEqual({ text: '3.40282346e+38f', faithful: false });
    expect(wgslF32(-Infinity)).toEqual({ text: '(-3.40282346e+38f)', faithful: false });
    expect(wgslF32(F32_MAX)).toEqual({ text: '3.40282346e+38f', faithful: true });
    expect(wgslF32(1e-40)).toEqual({ text: '0.0f', faithful: false });
    expect(wgslF32(NaN)).toEqual({ text: '0.0f', faithful: false });
  });

  it('read back as the same f32 (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const { text, faithful } = wgslF32(x);
        expect(text).toMatch(/^\(?-?\d+(\.\d+)?(e[+-]\d+)?f\)?$/);
        const back = Number(text.replace(/[()f]/g, ''));
        if (faithful) expect(Math.fround(back)).toBe(Math.fround(x));
        expect(Math.abs(back)).toBeLessThanOrEqual(F32_MAX);
      }),
      { numRuns: 5000 },
    );
  });
});
