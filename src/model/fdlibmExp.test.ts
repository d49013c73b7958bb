/**
 * fdlibmExp against the engine's Math.exp (V8: fdlibm's e_exp.c in C), bit for bit: random
 * arguments over every range the algorithm treats apart, and the edges of each branch.
 */
import { describe, expect, it } from 'vitest';
import { fdlibmExp } from './fdlibmExp';

/** The double after (dir > 0) or before x. */
function step(x: number, dir: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const up = (x >= 0) === dir > 0;
  view.setBigUint64(0, x === 0 ? (dir > 0 ? 1n : 0x8000000000000001n) : up ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

function fromHighWord(hi: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setUint32(0, hi);
  return view.getFloat64(0);
}

/** Park–Miller uniforms in (0, 1). */
function uniforms(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

function mismatches(xs: Iterable<number>): number[] {
  const bad: number[] = [];
  for (const x of xs) if (!Object.is(fdlibmExp(x), Math.exp(x))) bad.push(x);
  return bad;
}

describe('fdlibmExp', () => {
  it('equals Math.exp at the edges of every branch, and at the special values', () => {
    const edges = [
      0, -0, 1, -1, 0.5, -0.5, 2, 10, -10, 100, -100, 700, -700, 708, -708, 709, -709, 709.78, 745, -745, -745.13, -745.14, 1e-300, -1e-300, 5e-324, -5e-324,
      NaN, Infinity, -Infinity, Math.LN2, -Math.LN2, Math.LN2 / 2, -Math.LN2 / 2, 1.5 * Math.LN2, -1.5 * Math.LN2,
      7.09782712893383973096e2, -7.45133219101941108420e2,
      ...[0x40862e42, 0x3fd62e42, 0x3fd62e43, 0x3ff0a2b2, 0x3ff0a2b1, 0x3e300000, 0x3e2fffff].map(fromHighWord),
    ];
    const around = edges.filter(Number.isFinite).flatMap((x) => [x, step(x, 1), step(x, -1), -x, step(-x, 1), step(-x, -1)]);
    expect(mismatches([...edges, ...around])).toEqual([]);
  });

  it('equals Math.exp on 3·10⁶ random arguments (the Gaussian range, every k, the subnormal results)', () => {
    const u = uniforms(12345);
    const xs = function* () {
      for (let i = 0; i < 1_000_000; i++) yield -50 * u() ** 2; // exp(−(x − μ)²/2s²): the kernels' usual argument
      for (let i = 0; i < 1_000_000; i++) yield (2 * u() - 1) * 750; // every k, overflow and underflow
      for (let i = 0; i < 1_000_000; i++) yield (u() < 0.5 ? -1 : 1) * 2 ** (-40 + 42 * u()); // near 0 and the reduction's edges
    };
    expect(mismatches(xs())).toEqual([]);
  });
});
