/**
 * mulberry32 (Tommy Ettinger's 32-bit generator): a small, fast, seeded generator of uniforms in
 * [0, 1), so that a resampling run (the bootstrap) or a test reproduces from its seed.
 */
export function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
