/**
 * Seeded grouped problems for the GPU batch checks (e2e/harness/batchCompare.ts, the CLI's GPU
 * batch test, bench/batch-gpu.ts): an ELISA-like plate of 4PL curves (12 log-spaced doses, as
 * bench/batch.ts) and Michaelis–Menten rate curves (10 substrate levels, Puromycin-like scale).
 * Plain data, so the browser harness and Node build the same groups from the same seed.
 */
import { normal, rng, uniform } from './random';

export interface BatchProblem {
  readonly source: string;
  readonly columns: readonly string[];
  readonly groups: { key: string; data: { vars: Float64Array[]; y: Float64Array; sigma?: Float64Array | null } }[];
  readonly parameters: { name: string; value: number }[];
}

export const PL4_SOURCE = 'bottom + (top - bottom)*x^hill/(EC50^hill + x^hill)';
export const MM_SOURCE = 'Vm*x/(K + x)';

/** 4PL curves: bottom ∈ [0.1, 0.3], top ∈ [2, 3], hill ∈ [0.8, 1.6], EC50 ∈ [0.3, 2.3], noise 2% of the span. */
export function plate4pl(count: number, seed: number): BatchProblem {
  const r = rng(seed);
  const x = Float64Array.from({ length: 12 }, (_, i) => 0.01 * 10 ** (i / 3));
  const groups = Array.from({ length: count }, (_, g) => {
    const bottom = uniform(r, 0.1, 0.3);
    const top = uniform(r, 2, 3);
    const hill = uniform(r, 0.8, 1.6);
    const ec50 = uniform(r, 0.3, 2.3);
    const y = Float64Array.from(x, (xi) => bottom + ((top - bottom) * xi ** hill) / (ec50 ** hill + xi ** hill) + 0.02 * (top - bottom) * normal(r));
    return { key: `well ${g + 1}`, data: { vars: [x], y } };
  });
  const parameters = [
    { name: 'bottom', value: 0.2 },
    { name: 'top', value: 2.5 },
    { name: 'hill', value: 1 },
    { name: 'EC50', value: 1 },
  ];
  return { source: PL4_SOURCE, columns: ['x'], groups, parameters };
}

/** Michaelis–Menten curves: Vm ∈ [120, 220], K ∈ [0.03, 0.12], noise 4% of Vm, σ given when `weighted`. */
export function michaelisMenten(count: number, seed: number, weighted = false): BatchProblem {
  const r = rng(seed);
  const x = Float64Array.of(0.02, 0.04, 0.06, 0.08, 0.11, 0.15, 0.22, 0.3, 0.56, 1.1);
  const groups = Array.from({ length: count }, (_, g) => {
    const vm = uniform(r, 120, 220);
    const k = uniform(r, 0.03, 0.12);
    const sigma = Float64Array.from(x, (xi) => 0.04 * vm * (0.5 + xi));
    const y = Float64Array.from(x, (xi, i) => (vm * xi) / (k + xi) + sigma[i] * normal(r));
    return { key: `run ${g + 1}`, data: { vars: [x], y, sigma: weighted ? sigma : null } };
  });
  return { source: MM_SOURCE, columns: ['x'], groups, parameters: [{ name: 'Vm', value: 150 }, { name: 'K', value: 0.1 }] };
}
