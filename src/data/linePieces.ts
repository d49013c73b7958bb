/**
 * A text file read in pieces cut at line ends, as both streamed ingests read it (the CLI's
 * src/cli/streamLoad.ts from a file descriptor, the page's src/job/browser/streamIngest.ts from a Blob):
 * each piece holds whole lines, the bytes after the last line end wait for the next read.
 */
const LF = 10;
const QUOTE = 34;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Cuts the reads of a file into pieces of whole lines: `cut(read)` returns the lines completed by
 * this read (with the bytes carried from the last one), or null when there is no line end yet (a
 * long line: read on). An empty read (the end of the file) makes everything left the last piece.
 */
export function lineCutter(): { cut(read: Uint8Array): Uint8Array | null } {
  let carry: Uint8Array = new Uint8Array(0);
  return {
    cut(read) {
      const bytes = carry.length ? concat(carry, read) : read;
      const end = read.length === 0 ? bytes.length : bytes.lastIndexOf(LF) + 1;
      if (end === 0 && read.length > 0) {
        carry = bytes;
        return null;
      }
      carry = bytes.slice(end);
      return bytes.subarray(0, end);
    },
  };
}

export function countLines(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(LF); i >= 0; i = bytes.indexOf(LF, i + 1)) n++;
  return n;
}

/** The byte where 1-based line `line` starts (past the header and any comment lines above it). */
function lineStart(bytes: Uint8Array, line: number): number {
  let at = 0;
  for (let l = 1; l < line && at >= 0; l++) at = bytes.indexOf(LF, at) + 1 || -1;
  return Math.max(0, at);
}

/**
 * The first quote of a piece, or -1: a quoted header is fine (`headerLine`, 1-based, in the first
 * piece); a quote below it may open a record that spans a piece's end, which a streamed file may not.
 */
export function quoteIn(piece: Uint8Array, headerLine: number | null): number {
  return piece.indexOf(QUOTE, headerLine !== null ? lineStart(piece, headerLine) : 0);
}
