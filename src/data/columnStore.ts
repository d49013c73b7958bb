/**
 * Growable storage for one column while rows stream in: values (and optionally lo) in Float64Arrays
 * that double when full, counts by cell kind, and notes on the first unusable cells. Doubling keeps
 * appends amortized O(1) without ever holding the column as JS numbers or strings.
 */
import { readDigits } from './decimalDigits';
import { residualOf } from './decimalResidual';
import { cellReasons } from './messages';
import { CellKind, cellValue, classifyCell, finiteValue } from './numberText';
import type { CellNote, Column } from './types';

export class ColumnStore {
  values = new Float64Array(1024);
  lo: Float64Array | null;
  length = 0;
  numericCount = 0;
  nonNumericCount = 0;
  emptyCount = 0;
  readonly notes: CellNote[] = [];

  constructor(
    private readonly decimalComma: boolean,
    private readonly maxNotes: number,
    withLo: boolean,
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

  /** Appends an unusable cell that has no text of its own (missing field, rejected row). */
  pushMissing(reason: string, missing: boolean): void {
    if (missing) this.emptyCount++;
    this.note(reason);
    this.append(NaN, 0);
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

  private grow(): void {
    const values = new Float64Array(this.values.length * 2);
    values.set(this.values);
    this.values = values;
    if (this.lo) {
      const lo = new Float64Array(values.length);
      lo.set(this.lo);
      this.lo = lo;
    }
  }

  /** The finished column; its arrays are trimmed copies, so the spare capacity is freed. */
  toColumn({ name, label }: { name: string; label: string }): Column {
    const { numericCount, nonNumericCount, emptyCount, notes } = this;
    const values = this.values.slice(0, this.length);
    const lo = this.lo ? this.lo.slice(0, this.length) : null;
    return { name, label, values, lo, numericCount, nonNumericCount, emptyCount, notes };
  }
}
