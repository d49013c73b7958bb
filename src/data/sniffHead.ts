/**
 * The head of a file that the sniffers (delimiter, decimal separator, header, binary check) judge:
 * the first SNIFF_LINES non-blank lines, cut at a line break and at most SNIFF_CHARS long. The rest
 * of the file streams through without being looked at twice.
 */
import { countNewlines } from './textNormalizer';

/** Non-blank lines the sniffers look at; more rarely changes a verdict and delays the first rows. */
export const SNIFF_LINES = 100;
/** Sniff anyway once the sample is this long (very long lines, or a long run of blank lines). */
export const SNIFF_CHARS = 1 << 20;
/** Share of control characters (other than tab and line breaks) above which the text is binary. */
const BINARY_SHARE = 0.05;

/** Counts the non-blank lines of `text` up to `limit`; `end` is where the counted lines end. */
export function countHead(text: string, limit: number): { lines: number; end: number } {
  let lines = 0;
  let start = 0;
  while (start < text.length && lines < limit) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl + 1;
    if (text.slice(start, end).trim() !== '') lines++;
    start = end;
  }
  return { lines, end: start };
}

/** The head of the text that the sniffers see: whole lines, at most SNIFF_CHARS. */
export function sniffText(sample: string, headEnd: number): string {
  if (headEnd <= SNIFF_CHARS) return sample.slice(0, headEnd);
  const cut = sample.lastIndexOf('\n', SNIFF_CHARS);
  return sample.slice(0, cut > 0 ? cut + 1 : SNIFF_CHARS);
}

/** Line of the first control character when the sample looks binary, else null. */
export function binaryLine(sample: string): number | null {
  let control = 0;
  let first = -1;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10) || c === 0xfffd) {
      control++;
      if (first < 0) first = i;
    }
  }
  return control > BINARY_SHARE * sample.length ? countNewlines(sample, 0, first) + 1 : null;
}
