/**
 * The shape check of a saved fit's assay results (FitOutcome.assay, issue 26; src/worker/assay.ts
 * PageAssay), read back from a session: absent or null in fits without the assay steps; otherwise
 * every field the assay cards and the plot read, typed, so that a damaged record is refused with
 * the path of the first bad field rather than reaching a render.
 */
import { bad, fields, f64, list, nullable, number, oneOf, record, text, type Check } from './shapeChecks';

const maybeNumber = nullable(number);
const unknown = record({ row: number, y: number, x: maybeNumber, lower: maybeNumber, upper: maybeNumber, status: oneOf('ok', 'above-range', 'below-range', 'not-monotone', 'no-interval-bound', 'not-finite', 'not-fitted'), rows: list(number), n: number, sample: nullable(text) });
const predicted = record({ x: number, y: number, confLower: number, confUpper: number, predLower: maybeNumber, predUpper: maybeNumber });
const outliers = record({ q: number, lines: list(number), x: list(number), y: list(number), rsdr: number });

function checkBootstrap(v: unknown, path: string): void {
  const b = fields(v, path, { kind: oneOf('residual', 'case'), resamples: number, seed: number, failed: number });
  // BCa and studentized came after the percentile intervals: a fit saved before them has neither.
  for (const key of ['intervals', 'bca', 'studentized'] as const) {
    if (key !== 'intervals' && b[key] === undefined) continue;
    const intervals = fields(b[key], `${path}.${key}`, {});
    for (const [name, pair] of Object.entries(intervals)) {
      if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((e) => typeof e === 'number')) bad(`${path}.${key}.${name}`, 'is not a [lower, upper] pair');
    }
  }
  const samples = fields(b.samples, `${path}.samples`, {});
  for (const [name, values] of Object.entries(samples)) f64()(values, `${path}.samples.${name}`);
}

const assay = record({ interpolated: nullable(list(unknown)), predicted: nullable(list(predicted)), outliers: nullable(outliers), bootstrap: nullable(checkBootstrap) });

export const optionalAssay: Check = (v, path) => {
  if (v !== undefined && v !== null) assay(v, path);
};
