/**
 * The assay settings (issue 26) as `fitbench fit` options (src/cli/assayArgs.ts): --interpolate
 * [--sample COL], --predict VAR=x,…, --outliers rout [--outlier-q Q], --ci bootstrap --bootstrap N
 * --bootstrap-kind K --bootstrap-interval bca|studentized --seed S (--seed also seeds the start search, which runs only for empty
 * start values). The page's "put back" lines (AssaySettings.keep) are --keep-rows: ROUT never flags them.
 */
import { predictValues } from '../share/assay';
import type { AssaySettings } from '../share/types';

export function assayWords(a: AssaySettings | undefined, variable: string | undefined, option: (name: string, value: string) => void, flag: (name: string) => void): void {
  if (!a) return;
  if (a.interpolate) {
    flag('interpolate');
    if (a.sample !== null) option('sample', a.sample);
  }
  const xs = predictValues(a.predict);
  if (xs.ok && xs.value && variable !== undefined) option('predict', `${variable}=${xs.value.map(String).join(',')}`);
  if (a.rout) {
    option('outliers', 'rout');
    // A percentage, on the page as on the command line.
    if (a.q !== 1) option('outlier-q', String(a.q));
    if (a.keep.length > 0) option('keep-rows', a.keep.join(','));
  }
  if (a.bootstrap) {
    option('ci', 'bootstrap');
    option('bootstrap', String(a.resamples));
    if (a.kind !== 'residual') option('bootstrap-kind', a.kind);
    // The CLI's JSON then adds bootstrapBca or bootstrapStudentized beside bootstrapCi.
    if (a.interval !== 'percentile') option('bootstrap-interval', a.interval);
    if (a.seed !== 0) option('seed', String(a.seed));
  }
}
