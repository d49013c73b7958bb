/**
 * The built-in model library: each entry is an expression in the model language with its
 * variable named `x`, a formula for display, and a guesser that derives starting values (and
 * sensible bounds) from the data.
 */

export type ModelCategory = 'basic' | 'growth-decay' | 'peaks' | 'dose-response' | 'oscillation' | 'physics' | 'sums';

export interface GuessedParameter {
  readonly name: string;
  readonly value: number;
  readonly min?: number;
  readonly max?: number;
  /** The parameter is a strictly positive scale (width, time constant): sliders go logarithmic. */
  readonly positive?: boolean;
}

export interface ModelDefinition {
  /** Stable id used in links and sessions, e.g. 'gaussian', 'poly3'. */
  readonly id: string;
  readonly name: string;
  readonly category: ModelCategory;
  /** Model-language expression in x (the UI substitutes the chosen column name). */
  readonly expression: string;
  /** Readable formula, e.g. 'y = A·exp(−(x − μ)²/(2σ²)) + c'. */
  readonly formula: string;
  readonly description: string;
  /**
   * Starting values from the data (x sorted or not, finite values only). Must return one entry per
   * parameter of `expression`, finite values, and never throw (fall back to generic values).
   */
  guess(x: Float64Array, y: Float64Array): GuessedParameter[];
}
