/**
 * A fit's results as CSV tables: the parameter table (name,value,stderr,ci_lower,ci_upper,fixed,
 * one row per parameter in model order; a fixed parameter has empty stderr and its value as both
 * interval ends) and the covariance and correlation matrices of the free parameters, labelled
 * on both axes (`parameter,a,b` / `a,…` / `b,…`).
 */
import type { FitResult } from '../fit/types';
import { csvTable } from './csvText';

export function resultsCsv(result: FitResult): string {
  return csvTable(
    ['name', 'value', 'stderr', 'ci_lower', 'ci_upper', 'fixed'],
    result.parameters.map((p) => [p.name, p.value, p.stderr, p.ciLower, p.ciUpper, p.fixed]),
  );
}

/** A k×k row-major matrix over `names`, with names as the first row and column. */
export function matrixCsv(names: readonly string[], matrix: ArrayLike<number>): string {
  const k = names.length;
  if (matrix.length !== k * k) throw new RangeError(`matrixCsv: ${matrix.length} values for ${k}×${k}`);
  return csvTable(
    ['parameter', ...names],
    names.map((name, i) => [name, ...Array.from({ length: k }, (_, j) => matrix[i * k + j])]),
  );
}

/** The covariance matrix of the free parameters (pcov, as scipy's curve_fit returns it). */
export function covarianceCsv(result: FitResult): string {
  return matrixCsv(result.free, result.pcov);
}

export function correlationCsv(result: FitResult): string {
  return matrixCsv(result.free, result.correlation);
}
