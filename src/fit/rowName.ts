/**
 * How a message names a row of the data (issue 27, item 10): by its line in the file (the header
 * is line 1), as the bad-cell report does and as --exclude-rows and the page's exclusions take it,
 * where the data carry their lines; else `row i` counted from 1 among the rows given (data built
 * in code, where that is the caller's own numbering). A message that said
 * "row 13" counted among the rows in use sent `--exclude-rows 13` to the wrong row once rows were
 * filtered or excluded.
 */
export function rowName(lines: ArrayLike<number> | null | undefined, i: number): string {
  const line = lines && i < lines.length ? lines[i] : 0;
  return line > 0 ? `line ${line}` : `row ${i + 1}`;
}
