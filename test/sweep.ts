/**
 * The suite's share of a sweep. Property and fuzz tests run `suite` cases in `npm test` and the
 * whole `full` sweep with FITBENCH_FULL=1 (bench/README.md, "Sweeps and measurements kept out of
 * npm test"), as the browser specs do: `npm test` must stay under 15 minutes on 2 cores, and a
 * sweep's first cases (the same seed, the same sequence) are what the suite keeps of it.
 */
export const FULL = Boolean(process.env.FITBENCH_FULL);

/** How many cases to run: `full` with FITBENCH_FULL=1, else `suite`. */
export function sweep(full: number, suite: number): number {
  return FULL ? full : suite;
}
