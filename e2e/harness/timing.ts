/** Timing for the benchmarks (browser harness and Node): the median of repeated runs. */

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Median wall time (ms) of `repeats` runs of `run(i)`, each awaited. */
export async function timed(repeats: number, run: (i: number) => Promise<unknown> | unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  return median(times);
}
