/** Ordinary least-squares straight line y ≈ intercept + slope·x, in centred sums (stable). */

export interface Line {
  readonly slope: number;
  readonly intercept: number;
}

/** A constant x (or a single point) gives slope 0 through the mean. */
export function lineFit(x: ArrayLike<number>, y: ArrayLike<number>): Line {
  const n = Math.min(x.length, y.length);
  if (n === 0) return { slope: 0, intercept: 0 };
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (x[i] - mx) * (x[i] - mx);
    sxy += (x[i] - mx) * (y[i] - my);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  return { slope, intercept: my - slope * mx };
}
