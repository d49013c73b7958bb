/**
 * The names a model reads as variables in a table: every column's name. An identifier of the
 * model that names a column is a variable (data), any other identifier a parameter (fitted).
 * The CLI compiles its model against these names (cli/load.ts compileForTable) and the page adds
 * the columns its model names to the x variables (state/modelColumns.ts), so that `Dose` in
 * Theoph's model is a dose per row on both, never a fitted parameter on one of them (issue 27).
 */
export function variableNames(columns: readonly { readonly name: string }[]): string[] {
  return columns.map((c) => c.name);
}
