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
import { ColumnStore, trimmed, type ColumnPart } from './columnStore';
import { cellReasons, emptyFile, headerOnly, noNumbers, rowReasons, tooManyColumns } from './messages';
import { columnNames } from './names';
import type { RecordSink } from './recordSplitters';
import { fieldCount, isBlankRecord } from './sampleRecords';
import type { DataError, Delimiter, Result, RowIssue, Table } from './types';

export interface TablePlan {
  /** 'cells': records from a spreadsheet or columnar file (no delimiter at all). */
  delimiter: Delimiter | 'cells';
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
  maxLevels: number;
  previewRows: number;
  maxColumns: number;
}

/**
 * Where a range of a parallel parse (rangeParse.ts) writes its rows: views of shared columns with
 * room for every row the range can have (one per line), so that no thread copies another's rows.
 */
export interface RowStorage {
  values: Float64Array[];
  /** null: no residuals (the table has more than maxLoCells cells). */
  lo: Float64Array[] | null;
  lines: Int32Array;
}

/** See TableBuilder.numericBlock. */
export interface NumericBlock {
  values: Float64Array[];
  lo: Float64Array[] | null;
  lines: Int32Array;
  at: number;
  room: number;
}

/** What a range of a parallel parse hands back besides the rows it wrote into its storage. */
export interface RangePart {
  rows: number;
  records: number;
  columns: ColumnPart[];
  issues: RowIssue[];
  issueCount: number;
}

export class TableBuilder implements RecordSink {
  private header: string[] | null = null;
  private headerLine = 0;
  private stores: ColumnStore[] = [];
  private count = -1; // unknown until the header or the first row

  private lines: Int32Array = new Int32Array(1024);
  private rows = 0;
  private readonly issues: RowIssue[] = [];
  private issueCount = 0;
  private readonly preview: string[][] = [];
  private records = 0;
  private continued = false; // a later byte range of a parallel parse: no header, no preview
  private block: NumericBlock | null = null; // numericBlock's, reused
  error: DataError | null = null;

  constructor(
    private readonly plan: TablePlan,
    private readonly limits: BuilderLimits,
  ) {}

  get rowCount(): number {
    return this.rows;
  }

  /**
   * A builder for a later byte range of a parallel parse (rangeParse.ts): the header, the width and
   * the preview were taken by the range that holds the head, so every record is a data row.
   */
  static continuing(plan: TablePlan, limits: BuilderLimits, header: string[] | null, count: number, storage: RowStorage): TableBuilder {
    const b = new TableBuilder(plan, limits);
    b.continued = true;
    b.header = header; // taken by the head's range; here it only words the issues (`expected`)
    b.setCount(count);
    b.adopt(storage);
    return b;
  }

  /** The plan, limits and header, for the builders of a parallel parse's later ranges. */
  get settings(): { plan: TablePlan; limits: BuilderLimits; header: string[] | null } {
    return { plan: this.plan, limits: this.limits, header: this.header };
  }

  /** Moves the rows into `storage` (see RowStorage); drops the residuals if it has none. */
  adopt(storage: RowStorage): void {
    storage.lines.set(this.lines.subarray(0, this.rows));
    this.lines = storage.lines;
    this.stores.forEach((s, i) => s.adopt(storage.values[i] as Float64Array, storage.lo?.[i] ?? null));
  }

  /** The counts, notes and issues of this range (its rows are in its storage). */
  part(): RangePart {
    return { rows: this.rows, records: this.records, columns: this.stores.map((s) => s.part()), issues: this.issues, issueCount: this.issueCount };
  }

  /**
   * A later range's rows, written into this builder's own (shared) arrays from row `from` on, moved
   * to follow this builder's rows, with its counts, notes and issues, as if this builder had read
   * them: the result is the one-thread parse's (rangeParse.test.ts).
   */
  absorb(part: RangePart, from: number): void {
    if (from !== this.rows) this.lines.copyWithin(this.rows, from, from + part.rows);
    this.stores.forEach((s, i) => s.absorb(part.columns[i] as ColumnPart, from, part.rows));
    this.rows += part.rows;
    this.records += part.records;
    this.issueCount += part.issueCount;
    for (const issue of part.issues) if (this.issues.length < this.limits.maxIssues) this.issues.push(issue);
  }

  record(fields: string[], line: number): void {
    if (this.error || isBlankRecord(fields)) return;
    this.records++;
    if (!this.continued && this.preview.length < this.limits.previewRows) this.preview.push(fields);
    if (this.plan.hasHeader && this.header === null && !this.continued) this.takeHeader(fields, line);
    else {
      // Without a header the sample's modal count rules; the first row only if the sample had none.
      if (this.count < 0) this.setCount(this.plan.modalCount || fields.length);
      if (!this.error) this.addRow(fields, line);
    }
  }

  /** Cells per row (−1 until the header or the first row set it). */
  get columnCount(): number {
    return this.count;
  }

  /** Whether the columns still take residuals (the table has not outgrown maxLoCells). */
  get wantsLo(): boolean {
    return (this.stores[0]?.lo ?? null) !== null;
  }

  /**
   * Whether the next row may come as numbers without its text (`numericRow`): the width is known,
   * the header and preview are taken, and no column keeps its cells as categories.
   */
  get numericReady(): boolean {
    return (
      this.error === null &&
      this.count > 0 &&
      (!this.plan.hasHeader || this.header !== null) &&
      (this.continued || this.preview.length >= this.limits.previewRows) &&
      this.stores.every((s) => s.numericOnly)
    );
  }

  /**
   * A data row of `count` finite numbers read straight from bytes (byteIngest.ts): exactly what
   * `record` does for a record of that many Finite cells once `numericReady`.
   */
  numericRow(values: Float64Array, lo: Float64Array | null, line: number): void {
    this.records++;
    const { count, stores } = this;
    for (let i = 0; i < count; i++) (stores[i] as ColumnStore).pushFinite(values[i] as number, lo ? (lo[i] as number) : 0);
    this.pushLine(line);
  }

  /**
   * The columns' arrays for numeric rows written in place (numericRow.ts `readNumericLines`, the
   * byte ingest's run of plain numeric rows): rows from `at` on, at most `room` of them, then
   * `addNumericRows` counts them. The same rows as `numericRow` one by one: the arrays double when
   * full as `append` doubles them, and the room ends at the row that outgrows maxLoCells (after it
   * the residuals are dropped, as `pushLine` drops them).
   */
  numericBlock(): NumericBlock {
    if (this.rows === this.lines.length) this.reserve(this.lines.length * 2);
    const stores = this.stores;
    const wantLo = stores[0]?.lo != null;
    // One block object while the arrays stay the same (a file whose lines mostly take the general
    // path asks for one per line).
    let block = this.block;
    let same = block !== null && block.lines === this.lines && (block.lo !== null) === wantLo;
    for (let i = 0; same && i < stores.length; i++) {
      const s = stores[i] as ColumnStore;
      same = block?.values[i] === s.values && (!wantLo || block?.lo?.[i] === s.lo);
    }
    if (!block || !same) {
      block = { values: stores.map((s) => s.values), lo: wantLo ? stores.map((s) => s.lo as Float64Array) : null, lines: this.lines, at: 0, room: 0 };
      this.block = block;
    }
    let room = this.lines.length - this.rows;
    for (const s of stores) room = Math.min(room, s.values.length - s.length);
    if (wantLo) room = Math.min(room, Math.floor(this.limits.maxLoCells / this.count) + 1 - this.rows);
    block.at = this.rows;
    block.room = Math.max(0, room);
    return block;
  }

  /** `rows` rows written in place from `numericBlock().at` on (see there). */
  addNumericRows(rows: number): void {
    this.records += rows;
    for (const s of this.stores) s.pushedFinite(rows);
    this.rows += rows;
    if (this.stores[0]?.lo && this.rows * this.count > this.limits.maxLoCells) for (const s of this.stores) s.dropLo();
  }

  /** Rows the arrays hold before they must grow. */
  get capacity(): number {
    return this.lines.length;
  }

  /** Room for `rows` data rows in all: the byte ingest's estimate from the file size. */
  reserve(rows: number): void {
    if (rows <= this.lines.length) return;
    const lines = new Int32Array(rows);
    lines.set(this.lines.subarray(0, this.rows));
    this.lines = lines;
    for (const s of this.stores) s.reserve(rows);
  }

  /** Stops computing residuals (a parallel parse knows the table will outgrow maxLoCells). */
  dropLo(): void {
    for (const s of this.stores) s.dropLo();
  }

  /** Text cells so far: a parallel parse hands a file with any to one thread (categories). */
  get textCells(): number {
    let n = 0;
    for (const s of this.stores) n += s.nonNumericCount;
    return n;
  }

  private pushLine(line: number): void {
    if (this.rows === this.lines.length) {
      const grown = new Int32Array(this.lines.length * 2);
      grown.set(this.lines);
      this.lines = grown;
    }
    this.lines[this.rows++] = line;
    if (this.stores[0]?.lo && this.rows * this.count > this.limits.maxLoCells) for (const s of this.stores) s.dropLo();
  }

  malformedQuote(line: number): void {
    this.issue(line, rowReasons.malformedQuote());
  }

  private setCount(count: number): void {
    if (count > this.limits.maxColumns) {
      this.error = tooManyColumns(count, this.limits.maxColumns);
      return;
    }
    const withLo = this.limits.maxLoCells > 0;
    this.count = count;
    for (let i = 0; i < count; i++) {
      this.stores.push(new ColumnStore(this.plan.decimalComma, this.limits.maxNotesPerColumn, withLo, this.limits.maxLevels));
    }
  }

  private takeHeader(fields: string[], line: number): void {
    const n = fieldCount(fields); // trailing delimiters name nothing
    this.header = fields.slice(0, n);
    this.headerLine = line;
    // The header sets the width, unless most data rows are wider (then it lacks names; see below).
    const { modalCount, modalShare } = this.plan;
    this.setCount(modalShare > 0.5 && modalCount > n ? modalCount : n);
    if (n < this.count) this.issue(line, rowReasons.shortHeader(n, this.count));
  }

  private expected(): string {
    return this.header && this.header.length === this.count ? `the header has ${this.count}` : `most rows have ${this.count}`;
  }

  private addRow(fields: string[], line: number): void {
    let n = fields.length;
    while (n > this.count && (fields[n - 1] ?? '').trim() === '') n--; // trailing empty fields: harmless
    const { count, stores } = this;
    if (n > count) {
      this.issue(line, rowReasons.tooMany(n, this.expected()));
      const reason = cellReasons.notRead(n, count);
      for (const s of stores) s.pushMissing(reason, false);
    } else {
      for (let i = 0; i < n; i++) stores[i]?.pushCell(fields[i] ?? '');
      if (n < count) {
        this.issue(line, rowReasons.tooFew(n, this.expected()));
        const reason = cellReasons.missing(n);
        for (let i = n; i < count; i++) stores[i]?.pushMissing(reason, true);
      }
    }
    this.pushLine(line);
  }

  private issue(line: number, reason: string): void {
    this.issueCount++;
    if (this.issues.length < this.limits.maxIssues) this.issues.push({ line, column: null, reason });
  }

  finish(): Result<Table> {
    const fail = (error: DataError): Result<Table> => ({ ok: false, error });
    if (this.error) return fail(this.error);
    if (this.records === 0) return fail(emptyFile());
    if (this.rows === 0) return fail(headerOnly(this.headerLine));
    const { count, stores, plan } = this;
    if (stores.every((s) => s.numericCount === 0)) return fail(noNumbers(this.rows, count, plan.delimiter, plan.decimalComma));
    const names = columnNames(this.header, count);
    return {
      ok: true,
      value: {
        columns: stores.map((s, i) => s.toColumn(names[i] ?? { name: `c${i + 1}`, label: `c${i + 1}` })),
        rowCount: this.rows,
        lines: trimmed(this.lines, this.rows),
        delimiter: plan.delimiter,
        decimalComma: plan.decimalComma,
        hasHeader: this.header !== null,
        issues: this.issues,
        issueCount: this.issueCount,
        preview: this.preview,
      },
    };
  }
}
