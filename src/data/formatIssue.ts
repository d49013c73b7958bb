/**
 * One line of text for a RowIssue. Row-level reasons are verb phrases ("has 3 fields but …"),
 * cell-level reasons describe the cell ("\"abc\" is not a number"), so both read as sentences:
 *   Line 12 has 3 fields but the header has 2; check the delimiter or quote the field
 *   Line 17, column "y": "abc" is not a number
 */
import type { RowIssue } from './types';

export function formatIssue(issue: RowIssue): string {
  return issue.column === null
    ? `Line ${issue.line} ${issue.reason}`
    : `Line ${issue.line}, column ${JSON.stringify(issue.column)}: ${issue.reason}`;
}
