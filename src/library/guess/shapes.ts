/**
 * Unit-height line shapes on an x grid, the bases of the peak guessers. Each mirrors a library
 * expression exactly, so the amplitude a least-squares solve gives is the model's amplitude.
 */

export type Shape = (x: ArrayLike<number>, center: number, width: number) => Float64Array;

/** exp(−(x − μ)²/(2σ²)); width σ. */
export const gaussianShape: Shape = (x, mu, sigma) => Float64Array.from(x, (v) => Math.exp(-0.5 * ((v - mu) / sigma) ** 2));

/** 1/(1 + ((x − x₀)/γ)²); width γ, the half width at half maximum. */
export const lorentzianShape: Shape = (x, x0, gamma) => Float64Array.from(x, (v) => 1 / (1 + ((v - x0) / gamma) ** 2));

/** Gaussian of full width at half maximum w: exp(−4 ln 2·((x − x₀)/w)²). */
export const gaussianFwhmShape: Shape = (x, x0, w) => Float64Array.from(x, (v) => Math.exp(-4 * Math.LN2 * ((v - x0) / w) ** 2));

/** Lorentzian of full width at half maximum w: 1/(1 + 4((x − x₀)/w)²). */
export const lorentzianFwhmShape: Shape = (x, x0, w) => Float64Array.from(x, (v) => 1 / (1 + 4 * ((v - x0) / w) ** 2));

/** FWHM / σ of a Gaussian: 2√(2 ln 2). */
export const GAUSSIAN_FWHM_PER_SIGMA = 2 * Math.sqrt(2 * Math.LN2);
