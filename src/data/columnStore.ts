/**
 * Growable storage for one column while rows stream in: values (and optionally lo) in Float64Arrays
 * that double when full, counts by cell kind, and notes on the first unusable cells. Doubling keeps
 * appends amortized O(1) without ever holding the column as JS numbers or strings. A column that
 * turns out to hold text also keeps its cells as categories (see CategoryStore), so that it can key
 * groups and filters instead of being dropped as "not a number".
 */
import { CategoryStore, shortestDecimal } from './categoryStore';
import { readDigits } from './decimalDigits';
import { residualOf } from './decimalResidual';
import { cellReasons } from './messages';
import { CellKind, cellValue, classifyCell, finiteValue } from './numberText';
import type { CellNote, Column } from './types';

/** A column's counts and notes from one byte range of a parallel parse (rangeParse.ts). */
export interface ColumnPart {
  numericCount: number;
  nonNumericCount: number;
  emptyCount: number;
  notes: CellNote[];
}

export class ColumnStore {
  values: Float64Array = new Float64Array(1024);
  lo: Float64Array | null;
  length = 0;
  numericCount = 0;
  nonNumericCount = 0;
  emptyCount = 0;
  readonly notes: CellNote[] = [];
  /** Null until the first text cell; null again once the column proves numeric or too varied. */
  private categories: CategoryStore | null = null;
  private categoriesGivenUp = false;

  constructor(
    private readonly decimalComma: boolean,
    private readonly maxNotes: number,
    withLo: boolean,
    private readonly maxLevels = 100_000,
  ) {
    this.lo = withLo ? new Float64Array(1024) : null;
  }

  /** Stops computing lo (the table grew past maxLoCells) and frees it. */
  dropLo(): void {
    this.lo = null;
  }

  /** Appends one cell from its text. */
  pushCell(text: string): void {
    const kind = classifyCell(text, this.decimalComma);
    if (kind === CellKind.Text && this.categories === null) this.startCategories();
    if (this.categories) this.categorize(kind === CellKind.Empty ? null : text);
    if (kind === CellKind.Finite) {
      const digits = readDigits(text, this.decimalComma); // one scan serves value and residual
      const v = finiteValue(text, digits, this.decimalComma);
      this.numericCount++;
      this.append(v, this.lo ? residualOf(digits, v) : 0);
      return;
    }
    if (kind === CellKind.NonFinite) this.numericCount++;
    else if (kind === CellKind.Empty) this.emptyCount++;
    else this.nonNumericCount++;
    if (this.notes.length < this.maxNotes) this.note(cellReasons.unusable(text, kind, this.decimalComma));
    this.append(cellValue(text, kind, this.decimalComma), 0);
  }

  /** Whether a finite number may be appended without its text (no categories are being kept). */
  get numericOnly(): boolean {
    return this.categories === null;
  }

  /**
   * Appends a finite number read straight from bytes (numericRow.ts), with its residual: what
   * `pushCell` does for a Finite cell while `numericOnly`.
   */
  pushFinite(v: number, lo: number): void {
    this.numericCount++;
    this.append(v, lo);
  }

  /** `rows` finite numbers (and residuals) already written past the end of `values` (and `lo`). */
  pushedFinite(rows: number): void {
    this.numericCount += rows;
    this.length += rows;
  }

  /** Appends an unusable cell that has no text of its own (missing field, rejected row). */
  pushMissing(reason: string, missing: boolean): void {
    if (this.categories) this.categorize(null);
    if (missing) this.emptyCount++;
    this.note(reason);
    this.append(NaN, 0);
  }

  /** Categories from the first text cell on; the cells before it were numbers or empty. */
  private startCategories(): void {
    if (this.categoriesGivenUp || !CategoryStore.plausible(this.numericCount, this.nonNumericCount + 1)) {
      this.categoriesGivenUp = true;
      return;
    }
    const store = new CategoryStore(this.values.length, this.maxLevels);
    for (let r = 0; r < this.length; r++) {
      if (!store.push(shortestDecimal(this.values[r] ?? NaN, this.decimalComma))) {
        this.categoriesGivenUp = true;
        return;
      }
    }
    this.categories = store;
  }

  private categorize(text: string | null): void {
    const store = this.categories as CategoryStore;
    if (!store.push(text) || ((this.length & 4095) === 0 && !CategoryStore.plausible(this.numericCount, this.nonNumericCount))) {
      this.categories = null; // too many distinct cells, or a numeric column with a few typos
      this.categoriesGivenUp = true;
    }
  }

  private note(reason: string): void {
    if (this.notes.length < this.maxNotes) this.notes.push({ row: this.length, reason });
  }

  private append(v: number, lo: number): void {
    if (this.length === this.values.length) this.grow();
    this.values[this.length] = v;
    if (this.lo) this.lo[this.length] = lo;
    this.length++;
  }

  /**
   * Moves the column into `values` (and `lo`), which must have room for every row still to come:
   * the parallel ingest's shared columns (rangeParse.ts), where each range writes its own slot.
   */
  adopt(values: Float64Array, lo: Float64Array | null): void {
    values.set(this.values.subarray(0, this.length));
    this.values = values;
    if (this.lo && lo) lo.set(this.lo.subarray(0, this.length));
    this.lo = this.lo ? lo : null;
  }

  /**
   * Rows parsed by another thread into this column's own array at `from` (a later range's slot):
   * moved down to follow this column's rows (copyWithin: no second copy of the column), with
   * their counts and notes (data-row indices shifted by the rows before them).
   */
  absorb(part: ColumnPart, from: number, rows: number): void {
    const at = this.length;
    if (from !== at) {
      this.values.copyWithin(at, from, from + rows);
      if (this.lo) this.lo.copyWithin(at, from, from + rows);
    }
    this.length += rows;
    this.numericCount += part.numericCount;
    this.nonNumericCount += part.nonNumericCount;
    this.emptyCount += part.emptyCount;
    for (const n of part.notes) if (this.notes.length < this.maxNotes) this.notes.push({ row: n.row + at, reason: n.reason });
  }

  /** What a range's parse hands back for this column besides its values (absorb). */
  part(): ColumnPart {
    return { numericCount: this.numericCount, nonNumericCount: this.nonNumericCount, emptyCount: this.emptyCount, notes: this.notes };
  }

  /** Room for `rows` rows in all (pre-sized from the file size: no doubling, no copies on the way). */
  reserve(rows: number): void {
    if (rows > this.values.length) this.grow(rows);
  }

  private grow(capacity = this.values.length * 2): void {
    const values = new Float64Array(capacity);
    values.set(this.values);
    this.values = values;
    if (this.lo) {
      const lo = new Float64Array(values.length);
      lo.set(this.lo);
      this.lo = lo;
    }
  }

  /** The finished column; its arrays are trimmed (see `trimmed`). */
  toColumn({ name, label }: { name: string; label: string }): Column {
    const { numericCount, nonNumericCount, emptyCount, notes } = this;
    const values = trimmed(this.values, this.length);
    const lo = this.lo ? trimmed(this.lo, this.length) : null;
    const keep = this.categories !== null && nonNumericCount > numericCount;
    const categories = keep ? (this.categories as CategoryStore).toCategories() : null;
    return { name, label, values, lo, numericCount, nonNumericCount, emptyCount, notes, categories };
  }
}

/**
 * The first `length` elements: a view when the spare capacity is at most a quarter (a column
 * pre-sized from the file size: copying 10⁷ doubles to drop the spare would hold the column twice
 * at the peak, while the spare, never written, costs address space but no resident memory), else a
 * copy, so that a mostly empty array is not kept.
 */
export function trimmed<T extends Float64Array | Int32Array>(a: T, length: number): T {
  const spare = a.length - length;
  return (spare * 4 <= a.length || spare * a.BYTES_PER_ELEMENT <= 1 << 16 ? a.subarray(0, length) : a.slice(0, length)) as T;
}
