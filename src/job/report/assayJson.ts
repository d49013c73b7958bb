/**
 * The assay fields of a fit's JSON report (issue 26), each present only when asked for:
 * `interpolated: [{row, y, x, lower, upper, status, n, rows, sample}]` (x and the ends null where
 * the status says why), `predicted: [{x, y, confLower, confUpper, predLower, predUpper}]` (an ODE model's with `response` first, x its time) and
 * `outliers: {method, q, indices, rows, rsdr}` (indices: 0-based among the fit's rows; rows: the
 * file's line numbers), `bootstrapCi: {name: [lo, hi]}` (percentile) with `bootstrap: {kind, resamples, seed,
 * failed}`, and `bootstrapBca` or `bootstrapStudentized` (same shape) when --bootstrap-interval
 * asks for that interval. JSON has no NaN: a non-finite number is null.
 */
import type { AssayOutcome } from '../steps/assay';

const finite = (v: number | null): number | null => (v !== null && Number.isFinite(v) ? v : null);

const ends = (intervals: Record<string, [number, number]>) => Object.fromEntries(Object.entries(intervals).map(([name, [lo, hi]]) => [name, [finite(lo), finite(hi)]]));

export function assayJson(a: AssayOutcome | null | undefined) {
  if (!a) return {};
  return {
    ...(a.interpolated
      ? { interpolated: a.interpolated.map((u) => ({ row: u.row, y: u.y, x: finite(u.x), lower: finite(u.lower), upper: finite(u.upper), status: u.status, n: u.n, rows: u.rows, sample: u.sample })) }
      : {}),
    ...(a.predicted
      ? { predicted: a.predicted.map((p) => ({ ...(p.response !== undefined ? { response: p.response } : {}), x: p.x, y: finite(p.y), confLower: finite(p.confLower), confUpper: finite(p.confUpper), predLower: finite(p.predLower), predUpper: finite(p.predUpper) })) }
      : {}),
    ...(a.bootstrap
      ? {
          bootstrapCi: ends(a.bootstrap.intervals),
          bootstrap: { kind: a.bootstrap.kind, resamples: a.bootstrap.resamples, seed: a.bootstrap.seed, failed: a.bootstrap.failed },
          ...(a.bootstrap.interval === 'bca' && a.bootstrap.bca ? { bootstrapBca: ends(a.bootstrap.bca) } : {}),
          ...(a.bootstrap.interval === 'studentized' ? { bootstrapStudentized: ends(a.bootstrap.studentized) } : {}),
        }
      : {}),
    ...(a.outliers ? { outliers: { method: a.outliers.method, q: a.outliers.q, indices: a.outliers.indices, rows: a.outliers.rows, rsdr: finite(a.outliers.rsdr) } } : {}),
  };
}
