/**
 * A Sobol low-discrepancy sequence in [0, 1)^d (Sobol' 1967; Bratley & Fox 1988, ACM TOMS 14:88,
 * with Antonov & Saleev's Gray-code order), 32-bit, direction numbers of Joe & Kuo (2008). With
 * no seed the points are scipy.stats.qmc.Sobol(d, scramble=False)'s, the first being 0.
 * A seed applies a random digital shift (XOR of every coordinate with a fixed random 32-bit
 * word, Owen 1998's simplest scrambling), which keeps the net's equidistribution and makes runs
 * reproducible: the same seed gives the same points.
 */
import { JOE_KUO } from './sobolDirections';

const BITS = 32;
export const SOBOL_MAX_DIMENSION = JOE_KUO.length + 1;

/** Direction integers v[k] (k < 32) of one dimension, scaled to 32 bits. */
function directions(dim: number): Uint32Array {
  const v = new Uint32Array(BITS);
  if (dim === 0) {
    for (let k = 0; k < BITS; k++) v[k] = 2 ** (BITS - 1 - k);
    return v;
  }
  const [s, a, m] = JOE_KUO[dim - 1];
  for (let k = 0; k < s; k++) v[k] = (m[k] * 2 ** (BITS - 1 - k)) >>> 0;
  for (let k = s; k < BITS; k++) {
    let x = (v[k - s] ^ (v[k - s] >>> s)) >>> 0;
    for (let l = 1; l < s; l++) if ((a >>> (s - 1 - l)) & 1) x = (x ^ v[k - l]) >>> 0;
    v[k] = x;
  }
  return v;
}

/** splitmix32-style mixer: a well-spread 32-bit word from a seed and a stream index. */
function mix(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

export class Sobol {
  private readonly v: Uint32Array[];
  private readonly x: Uint32Array;
  private readonly shift: Uint32Array;
  private n = 0;

  constructor(readonly dimension: number, seed: number | null = null) {
    if (!Number.isInteger(dimension) || dimension < 1 || dimension > SOBOL_MAX_DIMENSION) {
      throw new RangeError(`Sobol: dimension ${dimension} is outside 1…${SOBOL_MAX_DIMENSION}`);
    }
    this.v = Array.from({ length: dimension }, (_, d) => directions(d));
    this.x = new Uint32Array(dimension);
    this.shift = Uint32Array.from({ length: dimension }, (_, d) => (seed === null ? 0 : mix(seed >>> 0, d)));
  }

  /**
   * Moves to point `index` of the sequence (the next call of `next` returns it), so that a range
   * of points can be drawn on its own (the start search's candidates on a worker pool). In
   * Gray-code order point n is the XOR of the directions of the set bits of gray(n) = n ⊕ (n >> 1).
   */
  skipTo(index: number): this {
    if (!Number.isInteger(index) || index < 0 || index > 0xffffffff) throw new RangeError(`Sobol: index ${index} is outside 0…2³²−1`);
    const gray = (index ^ (index >>> 1)) >>> 0;
    for (let d = 0; d < this.dimension; d++) {
      let x = 0;
      for (let k = 0; k < BITS; k++) if ((gray >>> k) & 1) x = (x ^ this.v[d][k]) >>> 0;
      this.x[d] = x;
    }
    this.n = index;
    return this;
  }

  /** Writes the next point into out[0…d) and returns it. */
  next(out: Float64Array = new Float64Array(this.dimension)): Float64Array {
    const { x, v, shift } = this;
    for (let d = 0; d < this.dimension; d++) out[d] = ((x[d] ^ shift[d]) >>> 0) / 2 ** BITS;
    // Gray-code step: flip the direction of the lowest zero bit of n.
    let c = 0;
    while ((this.n >>> c) & 1) c++;
    for (let d = 0; d < this.dimension; d++) x[d] = (x[d] ^ v[d][c]) >>> 0;
    this.n++;
    return out;
  }
}
