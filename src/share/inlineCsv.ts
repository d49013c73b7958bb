/**
 * A link's inline columns (planLink.ts writes them) as CSV text, so that they pass through the same
 * ingest as a file: a header, then one row per line; number columns first, then the text columns
 * (a link's group keys, issue 9) quoted. A text column that repeats a number column's name is
 * ignored; a shorter column ends in empty cells (NaN for numbers).
 */
export function inlineCsv(columns: Readonly<Record<string, readonly number[]>>, text: Readonly<Record<string, readonly string[]>> | null): string {
  const names = Object.keys(columns);
  const labels = text ? Object.keys(text).filter((n) => !names.includes(n)) : [];
  const quote = (s: string) => (s === '' ? '' : `"${s.replace(/"/g, '""')}"`);
  const rows = Math.max(...names.map((n) => columns[n]?.length ?? 0));
  const lines = [[...names, ...labels].join(',')];
  for (let r = 0; r < rows; r++) lines.push([...names.map((n) => (columns[n]?.[r] ?? NaN).toString()), ...labels.map((n) => quote(text?.[n]?.[r] ?? ''))].join(','));
  return lines.join('\n');
}
