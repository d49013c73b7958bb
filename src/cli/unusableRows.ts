/**
 * The CLI's error for rows it cannot use (an empty or text cell, NaN, a σ ≤ 0 in the columns the
 * fit reads). The CLI is strict: a script must not fit silently on fewer rows than the file has.
 * The message names the first row's line, column and reason, lists the lines of the others when
 * they are few, and gives the `--exclude-rows` list that leaves them out, so that one run says
 * everything to fix (trial 5: a file with 4 bad rows took 4 runs, one line each, and the first
 * message did not mention --exclude-rows).
 */
import type { RowIssue } from '../data/types';

/** Up to this many unusable rows are listed by line, with the --exclude-rows list that leaves them out. */
export const LISTED_ROWS = 10;

/**
 * `dropped`: the unusable rows in file order (at least the first LISTED_ROWS of them); `count`:
 * how many there are in all; `excluding`: --exclude-rows was given (the lines are added to it).
 */
export function unusableRowsMessage(file: string, dropped: readonly RowIssue[], count: number, excluding: boolean): string {
  const first = dropped[0];
  const column = first.column ? `column "${first.column}": ` : '';
  const lines = [...new Set(dropped.map((d) => d.line))].slice(0, LISTED_ROWS);
  const them = count === 1 ? 'it' : 'them';
  let more = '';
  let leaveOut: string;
  if (count <= LISTED_ROWS) {
    if (count > 1) more = ` (${count} unusable rows in all: lines ${lines.join(', ')})`;
    leaveOut = excluding ? `, or add ${lines.join(',')} to --exclude-rows` : `, or leave ${them} out with --exclude-rows ${lines.join(',')}`;
  } else {
    more = ` (${count} unusable rows in all; the first on lines ${lines.join(', ')}, …)`;
    leaveOut = `, or leave ${them} out with --exclude-rows (a list of lines and ranges such as 3,17,20-25)`;
  }
  return `${file}:${first.line}: ${column}${first.reason}; fix or remove the row${more}${leaveOut}.`;
}
