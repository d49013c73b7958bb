/**
 * Names in a model that are probably meant as something else, said in words (issue 13): a
 * parameter that differs from a data column only by case ("T is a parameter; did you mean the
 * column t?"), which otherwise became a parameter silently.
 */

export interface CaseHint {
  readonly param: string;
  readonly column: string;
  /** The column is an x variable now, so renaming the parameter makes it data. */
  readonly isX: boolean;
}

/** Parameters that equal a column but for case (the first such column each). */
export function caseHints(params: readonly string[], columns: readonly string[], x: readonly string[]): CaseHint[] {
  const out: CaseHint[] = [];
  for (const p of params) {
    if (columns.includes(p)) continue; // a column itself: said by the page's other hint
    const lower = p.toLowerCase();
    const column = columns.find((c) => c.toLowerCase() === lower);
    if (column) out.push({ param: p, column, isX: x.includes(column) });
  }
  return out;
}
