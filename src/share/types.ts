/**
 * The portable description of a fit: what a link carries, what a saved session holds, and what the
 * exporters (Python script, CLI command) turn into code. Plain JSON-able data, versioned.
 */

import type { Weighting } from '../fit/weights';
import type { OdeMethod } from '../ode/types';

export const SPEC_VERSION = 1;

export interface ParameterRow {
  readonly name: string;
  /** The start value; null: left empty, found by the automatic start search (src/start) when
   *  the fit runs. A fixed parameter always has a value. */
  readonly value: number | null;
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
  /** Fit the nonlinear parameters with the linear ones eliminated first (src/start/varpro.ts).
   *  Absent in links made before it, and written only when on: a link without it is as before. */
  readonly varpro?: boolean;
  /** How the points are weighted when no σ column is chosen (src/fit/weights.ts): 'sigma' (the σ
   *  column, else none), '1/y', '1/y2', 'relative' or 'poisson'. Absent in links made before it,
   *  and written only when not 'sigma': a link without it is as before. */
  readonly weights?: Weighting;
  /** 'poisson': Poisson maximum likelihood for counts (src/fit/poissonMle.ts) instead of least
   *  squares. Absent in links made before it, and written only when 'poisson'. */
  readonly objective?: 'least-squares' | 'poisson';
}

export interface ColumnMapping {
  /** Column names used as model variables (in the order the model expects). */
  readonly x: readonly string[];
  readonly y: string;
  readonly sigma: string | null;
  /** Errors in x (issue 24): the σ column of each x column measured with error, by the x column's
   *  name (the CLI's --sigma-x x1=s1,x2=s2); an x column without one is exact. With an implicit
   *  model (one equation) y's σ is `sigma`. Absent or empty: every x is exact, and a link without it
   *  is as before. */
  readonly sigmaX?: Readonly<Record<string, string>>;
}

/** Data carried inside a link: the used columns only, as numbers. */
export interface InlineData {
  readonly kind: 'inline';
  readonly fileName: string | null;
  readonly columns: Readonly<Record<string, readonly number[]>>;
  /** The group of each row (FitSpec.groups.column), the key as written ('' for a row in no
   *  group): group keys are text, so they travel beside the numbers (issue 9). Only with groups. */
  readonly groupKeys?: readonly string[];
}

/** Data too large for a link: the page asks for the file and checks it against this. */
export interface DataFingerprint {
  readonly kind: 'fingerprint';
  readonly fileName: string | null;
  readonly rows: number;
  /** Hex digest over the used columns' float64 values (see fingerprint.ts). */
  readonly hash: string;
}

/**
 * Which rows a fit uses (issue 9): row filters in the where-language (`state=treated`, `conc>0`;
 * all must hold; src/data/where.ts) and excluded points by physical file line (1-based, header
 * included, as the CLI's --exclude-rows). Absent in links made before issue 9: every row.
 */
export interface RowSpec {
  readonly where: readonly string[];
  readonly exclude: readonly number[];
}

/** Groups (issue 9): the column whose values name them, which groups are fitted, and how. Written
 *  only when a group column is chosen, so a fit without groups gives the same link as before. */
export interface GroupSpec {
  /** The column whose values (text or numbers, as written in the file) name the groups. */
  readonly column: string;
  /** 'each': the model fitted to each group on its own; 'global': one joint fit over all groups
   *  in which the `shared` parameters take one value and the others one value per group. */
  readonly mode: 'each' | 'global' | 'mixed';
  /** Parameters shared by all groups in a global fit (ignored by 'each'). */
  readonly shared: readonly string[];
  /** 'mixed' (issue 25): the parameters with a random effect per group (the other free ones are
   *  fixed effects), Ψ general or diagonal, ML or REML. Written only in mixed mode. */
  readonly mixed?: MixedGroupSpec;
  /** Keys of the groups fitted; absent: every group the row filters keep. */
  readonly pick?: readonly string[];
}

export interface MixedGroupSpec {
  readonly random: readonly string[];
  readonly cov: 'full' | 'diag';
  readonly method: 'ml' | 'reml';
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
  /** Row filters and excluded lines; absent (or empty) for every row. Written only when not empty,
   *  so a fit without them gives the same link as before they existed. */
  readonly rows?: RowSpec;
  /** Groups and the fit mode over them; absent: one dataset (issue 9). */
  readonly groups?: GroupSpec;
  /** Derived quantities typed in the results (issue 10), `name = expression` each; absent: none.
   *  Written only when there are some, so a fit without them gives the same link as before. */
  readonly derived?: readonly DerivedRow[];
  /** The second model typed in "Compare with another model" and its fixed list (issue 10): kept so
   *  that nothing typed is lost. Written only when a second model is typed. */
  readonly compare?: CompareDraftSpec;
  /** Tied parameters (issue 10; the CLI's --tie): each `name = expression` of the other
   *  parameters, not fitted. Written only when there are some, so a fit without ties gives the
   *  same link as before. */
  readonly ties?: readonly DerivedRow[];
  /** An ODE model's integration (issue 23): present exactly when `model` is statements
   *  (`dX/dt = …`). Its time column is columns.x[0] (the only x); columns.y and sigma are the first
   *  `~` line's column and σ column (a one-state model without a `~` line: the observed column and
   *  its σ, as the CLI's --y and --sigma); the other observed columns come from the statements
   *  (odeSpec.ts). Written only for an ODE model, so a closed-form fit gives the same link as before. */
  readonly ode?: OdeSettings;
  /** The assay workflow's settings (issue 26: AssaySettings); absent: every switch off, defaults. */
  readonly assay?: AssaySettings;
}

/** How an ODE model is integrated (src/fit/ode/odeDefaults.ts: the CLI's --ode-method, --rtol, --atol). */
export interface OdeSettings {
  readonly method: OdeMethod;
  readonly rtol: number;
  readonly atol: number;
}

/** A second model as typed, and the parameters it fixes (`K=0.05, n=2`), both as text. */
export interface CompareDraftSpec {
  readonly model: string;
  readonly fixed: string;
}

/** A derived quantity as it travels: its name and its expression of the parameters (src/fit/derived.ts). */
export interface DerivedRow {
  readonly name: string;
  readonly expression: string;
}

/**
 * The assay workflow on the page (issue 26; the CLI's --interpolate, --sample, --predict,
 * --outliers rout, --outlier-q, --ci bootstrap): what the workbench's "Assay" switches hold and a
 * link or session carries (src/share/assay.ts reads it back). FitSpec.assay is written only when a
 * switch is on or a field differs from its default, so a fit without it gives the same link as before.
 */
export interface AssaySettings {
  /** Rows with a y and an empty x cell are unknowns, read off the fitted curve. */
  readonly interpolate: boolean;
  /** The column whose equal cells join consecutive unknown rows into one sample (null: each row alone). */
  readonly sample: string | null;
  /** "Predict at x" as typed: x values separated by commas ('' for none). */
  readonly predict: string;
  /** ROUT outliers (Motulsky & Brown 2006) before the least-squares fit. */
  readonly rout: boolean;
  /** ROUT's false discovery rate Q in percent (default 1). */
  readonly q: number;
  /** File lines ROUT flagged that the user put back: they stay in the fit. */
  readonly keep: readonly number[];
  /** Bootstrap intervals of the parameters. */
  readonly bootstrap: boolean;
  /** Resamples B (default 2000). */
  readonly resamples: number;
  readonly kind: 'residual' | 'case';
  readonly seed: number;
  /** The bootstrap interval the results show (the CLI's --bootstrap-interval; default percentile).
   *  Every bootstrap run computes percentile and studentized; BCa's jackknife runs only when this
   *  is 'bca' (src/fit/bootstrap.ts), so picking BCa refits (it is part of the fit's signature). */
  readonly interval: 'percentile' | 'bca' | 'studentized';
}
