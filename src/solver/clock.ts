/** Milliseconds from a monotonic clock where the host has one (browsers, workers, Node). */
export function now(): number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf ? perf.now() : Date.now();
}
