/**
 * The portable description of a fit: what a link carries, what a saved session holds, and what the
 * exporters (Python script, CLI command) turn into code. Plain JSON-able data, versioned.
 */

export const SPEC_VERSION = 1;

export interface ParameterRow {
  readonly name: string;
  readonly value: number;
  /** -Infinity / Infinity for none (encoded as null in JSON). */
  readonly min: number;
  readonly max: number;
  readonly fixed: boolean;
}

export interface SolverSettings {
  readonly loss: 'linear' | 'soft_l1' | 'huber' | 'cauchy' | 'arctan';
  readonly fScale: number;
  readonly ftol: number;
  readonly xtol: number;
  readonly gtol: number;
  /** null: the default budget. */
  readonly maxNfev: number | null;
  readonly xScale: 'jac' | number;
  readonly method: 'auto' | 'dense' | 'normal';
  readonly backend: 'auto' | 'cpu' | 'gpu';
  readonly absoluteSigma: boolean;
}

export interface ColumnMapping {
  /** Column names used as model variables (in the order the model expects). */
  readonly x: readonly string[];
  readonly y: string;
  readonly sigma: string | null;
}

/** Data carried inside a link: the used columns only, as numbers. */
export interface InlineData {
  readonly kind: 'inline';
  readonly fileName: string | null;
  readonly columns: Readonly<Record<string, readonly number[]>>;
}

/** Data too large for a link: the page asks for the file and checks it against this. */
export interface DataFingerprint {
  readonly kind: 'fingerprint';
  readonly fileName: string | null;
  readonly rows: number;
  /** Hex digest over the used columns' float64 values (see fingerprint.ts). */
  readonly hash: string;
}

export interface FitSpec {
  readonly version: typeof SPEC_VERSION;
  readonly model: string;
  /** Id of the library model the expression came from, if any. */
  readonly libraryId: string | null;
  readonly columns: ColumnMapping;
  readonly parameters: readonly ParameterRow[];
  readonly settings: SolverSettings;
  readonly data: InlineData | DataFingerprint | null;
}
