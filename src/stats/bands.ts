/**
 * Confidence and prediction bands by the delta method: for the model value ŷ(x) with gradient
 * gₓ = ∂ŷ/∂p at the solution, Var ŷ(x) ≈ gₓᵀ C gₓ (C = parameter covariance), the confidence
 * half-width is t·√(gₓᵀ C gₓ) and the prediction half-width t·√(gₓᵀ C gₓ + σ²(x)), where σ²(x) is
 * the variance of a new observation at x and t the Student quantile with m − k degrees of freedom.
 * (Seber & Wild, Nonlinear Regression, Wiley 1989, §5.1.)
 */

export interface Band {
  readonly lower: Float64Array;
  readonly upper: Float64Array;
}

/**
 * Half-widths of the band at each grid point. `gradients` is rows×k row-major (∂ŷ/∂p_free);
 * `observationVariance` (per row, or a constant) is added for a prediction band, 0 for confidence.
 */
export function bandHalfWidths(
  gradients: Float64Array,
  rows: number,
  pcov: Float64Array,
  k: number,
  t: number,
  observationVariance: number | Float64Array = 0,
): Float64Array {
  const out = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    let v = 0;
    for (let i = 0; i < k; i++) {
      const gi = gradients[r * k + i];
      if (gi === 0) continue;
      for (let j = 0; j < k; j++) v += gi * pcov[i * k + j] * gradients[r * k + j];
    }
    const noise = typeof observationVariance === 'number' ? observationVariance : observationVariance[r];
    out[r] = t * Math.sqrt(Math.max(v, 0) + noise);
  }
  return out;
}

export function bandAround(values: Float64Array, halfWidths: Float64Array): Band {
  return {
    lower: values.map((v, i) => v - halfWidths[i]),
    upper: values.map((v, i) => v + halfWidths[i]),
  };
}
