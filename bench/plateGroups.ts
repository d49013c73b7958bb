/**
 * The batch benchmarks' groups (bench/batch.ts, bench/solver-loop.ts): G four-parameter logistic
 * curves at 12 log-spaced doses 0.01 … 10^(5/3), parameters varied per group, 2% noise, from a
 * fixed LCG, so every bench and tree fits the same rows; and the start used for every group.
 */
export interface PlateGroup {
  readonly key: string;
  readonly data: { readonly vars: Float64Array[]; readonly y: Float64Array };
}

export function plateGroups(G: number): { x: Float64Array; groups: PlateGroup[] } {
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-300)) * Math.cos(2 * Math.PI * rand());
  const x = Float64Array.from({ length: 12 }, (_, i) => 0.01 * 10 ** (i / 3));
  const groups = Array.from({ length: G }, (_, g) => {
    const bottom = 0.1 + 0.2 * rand();
    const top = 2 + rand();
    const hill = 0.8 + 0.8 * rand();
    const ec50 = 0.3 + 2 * rand();
    const y = Float64Array.from(x, (xi) => bottom + ((top - bottom) * xi ** hill) / (ec50 ** hill + xi ** hill) + 0.02 * (top - bottom) * gauss());
    return { key: `well ${g + 1}`, data: { vars: [x], y } };
  });
  return { x, groups };
}

/** The start of every group in both benches (and in bench/batch_scipy.py). */
export const PLATE_P0: Readonly<Record<string, number>> = { bottom: 0.2, top: 2.5, hill: 1, EC50: 1 };
