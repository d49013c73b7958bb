/**
 * Column names: identifiers a model expression can use, derived from the header when there is one.
 *
 * Without a header the names follow the layout fitting tools assume (gnuplot's `using 1:2:3`,
 * Origin's XYErr): 1 column → y; 2 → x, y; 3 → x, y, sigma; 4 or more → c1, c2, …, since there is no
 * common convention for which of them is y. The selection step can pick any of them regardless.
 */

export interface ColumnName {
  /** [A-Za-z_][A-Za-z0-9_]*, unique within the table. */
  name: string;
  /** Header text as written (trimmed); the name itself when there is no header. */
  label: string;
}

const DEFAULT_NAMES: Record<number, readonly string[]> = {
  1: ['y'],
  2: ['x', 'y'],
  3: ['x', 'y', 'sigma'],
};

/**
 * Turns header text into an identifier: the runs of letters, digits and `_` are joined with `_`
 * ("Time (s)" → "Time_s", "dose [µM]" → "dose_M"), and a leading digit gets a `_` prefix
 * ("2theta" → "_2theta"). Returns '' when nothing usable is left.
 */
export function sanitizeName(label: string): string {
  const body = label.split(/[^A-Za-z0-9_]+/).filter((part) => part !== '').join('_');
  return /^[0-9]/.test(body) ? `_${body}` : body;
}

/**
 * Names for `count` columns. `header` (may be shorter or longer than count) gives labels; empty or
 * unusable labels fall back to c<i>. Duplicates get suffixes: a, a_2, a_3 (skipping taken names).
 */
export function columnNames(header: readonly string[] | null, count: number): ColumnName[] {
  const defaults = header === null ? DEFAULT_NAMES[count] : undefined;
  const taken = new Set<string>();
  const out: ColumnName[] = [];
  for (let i = 0; i < count; i++) {
    const label = header ? (header[i] ?? '').trim() : '';
    const base = defaults?.[i] ?? (sanitizeName(label) || `c${i + 1}`);
    let name = base;
    for (let k = 2; taken.has(name); k++) name = `${base}_${k}`;
    taken.add(name);
    out.push({ name, label: header === null || label === '' ? name : label });
  }
  return out;
}
