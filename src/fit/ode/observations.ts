/**
 * The rows of an ODE fit (issue 23) as the residual vector sees them. Each observed column comes
 * with its own times (a response may be measured where another is not), in any order and with
 * replicate times. The model is integrated once over the sorted distinct times of all responses;
 * each residual maps back to its time's index (`at`). Residuals are stacked per observation, in
 * the order of the `~` lines, each response's rows sorted by time (stably), so that the residual
 * diagnostics read them in time order.
 */

/** One `COL ~ expr` of the model with its data: time, y and σ per usable row. */
export interface ObservedColumn {
  readonly column: string;
  readonly time: Float64Array;
  readonly y: Float64Array;
  /** σᵢ > 0 of the rows (the `| SIGMACOL` of its line), or null: unweighted. */
  readonly sigma: Float64Array | null;
  /** Each row's line in the file (header = line 1), where known. */
  readonly lines?: ArrayLike<number> | null;
}

/** The data of an ODE fit: one entry per observation of the model, in the model's order. */
export interface OdeFitData {
  readonly observed: readonly ObservedColumn[];
}

export interface StackedRows {
  /** Sorted distinct times of every response: one integration covers them. */
  readonly times: Float64Array;
  /** Residuals. */
  readonly m: number;
  /** Per residual: its observation (index of its `~` line) and its time's index in `times`. */
  readonly obs: Int32Array;
  readonly at: Int32Array;
  readonly y: Float64Array;
  /** 1/σᵢ (1 for a response without σ beside one with), or null when no response has σ. */
  readonly w: Float64Array | null;
  /** Residuals [start[c], start[c + 1]) are observation c's. */
  readonly start: Int32Array;
}

/** The observations' rows stacked (see the module docblock). */
export function stackObservations(data: OdeFitData): StackedRows {
  const all: number[] = [];
  for (const o of data.observed) for (let i = 0; i < o.time.length; i++) all.push(o.time[i]);
  const times = Float64Array.from(new Set(all)).sort();
  const index = new Map<number, number>();
  times.forEach((t, i) => index.set(t, i));
  const m = all.length;
  const obs = new Int32Array(m);
  const at = new Int32Array(m);
  const y = new Float64Array(m);
  const weighted = data.observed.some((o) => o.sigma !== null);
  const w = weighted ? new Float64Array(m).fill(1) : null;
  const start = new Int32Array(data.observed.length + 1);
  let i = 0;
  data.observed.forEach((o, c) => {
    start[c] = i;
    const order = Array.from(o.time, (_, r) => r).sort((a, b) => o.time[a] - o.time[b] || a - b);
    for (const r of order) {
      obs[i] = c;
      at[i] = index.get(o.time[r])!;
      y[i] = o.y[r];
      if (w && o.sigma) w[i] = 1 / o.sigma[r];
      i++;
    }
  });
  start[data.observed.length] = m;
  return { times, m, obs, at, y, w, start };
}
