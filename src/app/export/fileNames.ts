/** Export file names, derived from the data file's: decay.csv → decay-results.json, decay-fit.py… */

/** The data file's name without its extension, made safe for a file name ("fitbench" when none). */
export function exportBase(fileName: string | null, fallback = 'fitbench'): string {
  const stem = (fileName ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const safe = stem
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return safe === '' ? fallback : safe;
}

export function exportName(base: string, what: string, extension: string): string {
  return `${base}-${what}.${extension}`;
}
