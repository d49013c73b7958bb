/**
 * Axis ticks at 1, 2 or 5 × 10ᵏ covering [lo, hi] with about `count` intervals (Heckbert, "Nice
 * numbers for graph labels", Graphics Gems, 1990), and their labels with as many decimals as the
 * step needs.
 */
export interface Ticks {
  readonly lo: number;
  readonly hi: number;
  readonly values: number[];
  readonly step: number;
}

function nice(x: number, round: boolean): number {
  const e = Math.floor(Math.log10(x));
  const f = x / 10 ** e;
  const n = round ? (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) : f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
  return n * 10 ** e;
}

export function niceTicks(lo: number, hi: number, count = 5): Ticks {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return { lo: 0, hi: 1, values: [0, 1], step: 1 };
  if (hi === lo) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  const step = nice(nice(hi - lo, false) / count, true);
  const a = Math.floor(lo / step) * step;
  const b = Math.ceil(hi / step) * step;
  const values: number[] = [];
  for (let v = a; v <= b + step * 1e-9; v += step) values.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return { lo: a, hi: b, values, step };
}

/** A tick label: plain with the step's decimals, or exponent form for very large or small values. */
export function tickLabel(v: number, step: number): string {
  const a = Math.max(Math.abs(v), step);
  if (v !== 0 && (a >= 1e6 || a < 1e-3)) return v.toExponential(Math.max(0, Math.min(6, Math.round(Math.log10(a / step))))).replace('-', '−');
  const decimals = Math.max(0, Math.min(10, -Math.floor(Math.log10(step) + 1e-9)));
  return v.toFixed(decimals).replace('-', '−');
}
