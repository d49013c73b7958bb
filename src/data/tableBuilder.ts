/**
 * Third stage of the ingest: records in, a Table out. Takes the header, checks every row's field
 * count against the table's, types the cells into column stores, and keeps the preview, the line of
 * every row and a capped list of structural issues.
 *
 * Rows are never removed for being bad: a row with a bad cell keeps its place (NaN), so line numbers
 * stay exact and the selection step, which knows which columns matter, decides what to drop.
 * A row with more non-blank fields than the table has columns is not trusted at all (every cell
 * becomes NaN): its fields have evidently shifted, e.g. an unquoted `1,5` in a comma file.
 */
import { columnNames } from './names';
import { ColumnStore } from './columnStore';
import type { RecordSink } from './recordSplitters';
import { fieldCount, isBlankRecord } from './sampleRecords';
import type { Column, DataError, Delimiter, Result, RowIssue, Table } from './types';

export interface TablePlan {
  delimiter: Delimiter;
  decimalComma: boolean;
  hasHeader: boolean;
  /** Most common field count of the sample's data rows: the column count when there is no header. */
  modalCount: number;
  /** Share of the sample's data rows with that count. */
  modalShare: number;
}

export interface BuilderLimits {
  maxLoCells: number;
  maxIssues: number;
  maxNotesPerColumn: number;
  previewRows: number;
  maxColumns: number;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export class TableBuilder implements RecordSink {
  private header: string[] | null = null;
  private headerLine = 0;
  private stores: ColumnStore[] = [];
  private count = -1; // unknown until the header or the first row

  private lines = new Int32Array(1024);
  private rows = 0;
  private readonly issues: RowIssue[] = [];
  private issueCount = 0;
  private readonly preview: string[][] = [];
  private records = 0;
  error: DataError | null = null;

  constructor(
    private readonly plan: TablePlan,
    private readonly limits: BuilderLimits,
  ) {}

  get rowCount(): number {
    return this.rows;
  }

  record(fields: string[], line: number): void {
    if (this.error || isBlankRecord(fields)) return;
    this.records++;
    if (this.preview.length < this.limits.previewRows) this.preview.push(fields);
    if (this.plan.hasHeader && this.header === null) this.takeHeader(fields, line);
    else {
      // Without a header the sample's modal count rules; the first row only if the sample had none.
      if (this.count < 0) this.setCount(this.plan.modalCount || fields.length);
      if (!this.error) this.addRow(fields, line);
    }
  }

  malformedQuote(line: number): void {
    this.issue(line, 'has a malformed quoted field; a quote inside a quoted field must be doubled ("")');
  }

  private setCount(count: number): void {
    if (count > this.limits.maxColumns) {
      this.error = {
        code: 'too-many-columns',
        message: `The file has ${count} columns, more than the ${this.limits.maxColumns} supported; check the delimiter`,
      };
      return;
    }
    const withLo = this.limits.maxLoCells > 0;
    this.count = count;
    for (let i = 0; i < count; i++) {
      this.stores.push(new ColumnStore(this.plan.decimalComma, this.limits.maxNotesPerColumn, withLo));
    }
  }

  private takeHeader(fields: string[], line: number): void {
    const n = fieldCount(fields); // trailing delimiters name nothing
    this.header = fields.slice(0, n);
    this.headerLine = line;
    // The header sets the width, unless most data rows are wider (then it lacks names; see below).
    const { modalCount, modalShare } = this.plan;
    this.setCount(modalShare > 0.5 && modalCount > n ? modalCount : n);
    if (n < this.count) {
      this.issue(line, `(the header) has ${plural(n, 'field')} but most rows have ${this.count}; the unnamed columns are called c${n + 1}…`);
    }
  }

  private expected(): string {
    return this.header && this.header.length === this.count ? `the header has ${this.count}` : `most rows have ${this.count}`;
  }

  private addRow(fields: string[], line: number): void {
    let n = fields.length;
    while (n > this.count && (fields[n - 1] ?? '').trim() === '') n--; // trailing empty fields: harmless
    const { count, stores } = this;
    if (n > count) {
      this.issue(line, `has ${n} fields but ${this.expected()}; check the delimiter or quote the field`);
      const reason = `was not read: the line has ${n} fields, expected ${count}`;
      for (const s of stores) s.pushMissing(reason, false);
    } else {
      for (let i = 0; i < n; i++) stores[i]?.pushCell(fields[i] ?? '');
      if (n < count) {
        this.issue(line, `has ${plural(n, 'field')} but ${this.expected()}; fill in the missing values or check the delimiter`);
        const reason = `is missing (the line has ${plural(n, 'field')})`;
        for (let i = n; i < count; i++) stores[i]?.pushMissing(reason, true);
      }
    }
    if (this.rows === this.lines.length) {
      const grown = new Int32Array(this.lines.length * 2);
      grown.set(this.lines);
      this.lines = grown;
    }
    this.lines[this.rows++] = line;
    if (stores[0]?.lo && this.rows * count > this.limits.maxLoCells) for (const s of stores) s.dropLo();
  }

  private issue(line: number, reason: string): void {
    this.issueCount++;
    if (this.issues.length < this.limits.maxIssues) this.issues.push({ line, column: null, reason });
  }

  finish(): Result<Table> {
    if (this.error) return { ok: false, error: this.error };
    if (this.records === 0) {
      return { ok: false, error: { code: 'empty', message: 'The file is empty: it has no lines other than blank lines and comments' } };
    }
    if (this.rows === 0) {
      const line = this.headerLine;
      return { ok: false, error: { code: 'header-only', line, message: `The file has a header (line ${line}) but no data rows below it` } };
    }
    const { count, stores } = this;
    if (stores.every((s) => s.numericCount === 0)) {
      const how = this.plan.delimiter === 'whitespace' ? 'blank-separated' : `with delimiter ${JSON.stringify(this.plan.delimiter)}`;
      const decimals = this.plan.decimalComma ? 'decimal commas' : "'.' decimals";
      return {
        ok: false,
        error: {
          code: 'no-numbers',
          message: `No numbers found in ${plural(this.rows, 'row')} × ${plural(count, 'column')} read ${how} and ${decimals}; check the delimiter and the decimal separator`,
        },
      };
    }
    const names = columnNames(this.header, count);
    const columns: Column[] = stores.map((s, i) => {
      const { values, lo } = s.take();
      const { name, label } = names[i] ?? { name: `c${i + 1}`, label: `c${i + 1}` };
      const { numericCount, nonNumericCount, emptyCount, notes } = s;
      return { name, label, values, lo, numericCount, nonNumericCount, emptyCount, notes };
    });
    return {
      ok: true,
      value: {
        columns,
        rowCount: this.rows,
        lines: this.lines.slice(0, this.rows),
        delimiter: this.plan.delimiter,
        decimalComma: this.plan.decimalComma,
        hasHeader: this.header !== null,
        issues: this.issues,
        issueCount: this.issueCount,
        preview: this.preview,
      },
    };
  }
}
