/**
 * Rows per call of the statistics' per-row sums (diagnostics.ts, goodness.ts, normalityTest.ts).
 * A fit's statistics run each sum once over every row. As one loop over 10⁶ rows it ran in
 * on-stack-replaced code at ~13 ms per 10⁶ rows even when warm; as a small function called per span
 * of 4096 rows (32 KB of float64, read again from cache by a second loop where there is one) it is
 * optimized after a few spans like any hot function: ~5 ms (V8, Node 20; bench/results/speed-cpu.md,
 * 2026-11-27). The running sums are carried from span to span: the same additions in the same
 * order as one loop, so the statistics are unchanged to the last bit.
 */
export const SPAN_ROWS = 4096;
