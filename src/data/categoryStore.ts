/**
 * Growable categories (level codes + distinct texts) for one column while rows stream in. A column
 * starts without one: it is created at the first text cell, so a numeric column never pays for it,
 * and it is given up (freed) as soon as the column shows it is not a text column (many numbers and
 * few texts) or holds more distinct cells than the cap, so that memory stays bounded on 10⁷ rows.
 */
import type { Categories } from './types';

/** Past this many numbers a column whose texts are under a fifth of them is a numeric column with typos. */
const NUMERIC_EVIDENCE = 1024;

export class CategoryStore {
  private codes: Int32Array;
  private readonly levels: string[] = [];
  private readonly index = new Map<string, number>();
  private length = 0;

  constructor(capacity: number, private readonly maxLevels: number) {
    this.codes = new Int32Array(Math.max(1024, capacity));
  }

  /** Whether a column with these counts is still worth keeping as categories. */
  static plausible(numericCount: number, nonNumericCount: number): boolean {
    return numericCount < NUMERIC_EVIDENCE || numericCount <= 4 * nonNumericCount;
  }

  /** Appends a cell; `text` null for an empty or missing one. False when the cap was exceeded. */
  push(text: string | null): boolean {
    let code = -1;
    if (text !== null) {
      const t = text.trim();
      if (t !== '') {
        const known = this.index.get(t);
        if (known !== undefined) code = known;
        else {
          if (this.levels.length >= this.maxLevels) return false;
          code = this.levels.length;
          this.levels.push(t);
          this.index.set(t, code);
        }
      }
    }
    if (this.length === this.codes.length) {
      const grown = new Int32Array(this.codes.length * 2);
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[this.length++] = code;
    return true;
  }

  /** The finished categories, trimmed to their length. */
  toCategories(): Categories {
    return { codes: this.codes.slice(0, this.length), levels: this.levels };
  }
}

/**
 * The text of a number cell that came before the column's first text cell (its text is no longer
 * at hand): the shortest decimal that reads back as the value, with the file's decimal separator.
 */
export function shortestDecimal(v: number, decimalComma: boolean): string | null {
  if (Number.isNaN(v)) return null;
  const s = String(v);
  return decimalComma ? s.replace('.', ',') : s;
}
