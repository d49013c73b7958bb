/** What a spreadsheet reader hands on: the cells of one sheet as text records, with row numbers. */

export interface SheetRecords {
  /** One record per non-empty row: the cells as text, as a CSV line would hold them. */
  readonly records: string[][];
  /** 1-based row number of each record in the sheet (the "line" a row issue names). */
  readonly lines: number[];
}

/** A workbook opened: its sheet names, and each sheet read on demand. */
export interface Workbook {
  readonly format: 'xlsx' | 'ods';
  readonly sheets: readonly string[];
  /** The sheet's cells; an error message when its part is missing or malformed. */
  read(index: number): SheetRecords | string;
}
