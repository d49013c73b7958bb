/**
 * Whether the line b[start, end) is a comment: after leading blanks (space, tab) it begins with the
 * comment marker's bytes. Shared by the byte ingest and the parallel parse of byte ranges, which
 * must skip the same lines.
 */
export function isCommentLine(b: Uint8Array, start: number, end: number, marker: Uint8Array | null): boolean {
  if (!marker) return false;
  let i = start;
  while (i < end && (b[i] === 32 || b[i] === 9)) i++;
  if (end - i < marker.length) return false;
  for (let k = 0; k < marker.length; k++) if (b[i + k] !== marker[k]) return false;
  return true;
}
