/** Seeded pseudo-random numbers for tests, benches and the browser harness (mulberry32; Box–Muller
 *  normals), so that a failing case reproduces from its seed. */
import { mulberry32 } from '../src/stats/mulberry32';

export type Rng = () => number;

export function rng(seed: number): Rng {
  return mulberry32(seed);
}

export function normal(r: Rng): number {
  const u = Math.max(r(), 1e-300);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

export function uniform(r: Rng, lo: number, hi: number): number {
  return lo + (hi - lo) * r();
}

export function pick<T>(r: Rng, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)];
}
