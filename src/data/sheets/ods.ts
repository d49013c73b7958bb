/**
 * OpenDocument spreadsheets (.ods, OASIS ODF 1.2 Part 1, §9.1 tables) read on fflate and xmlScan:
 * every <table:table> of content.xml is a sheet. A numeric cell (float, percentage, currency)
 * yields its office:value, the number as stored, so it reaches the column store as the same number
 * in a CSV would; dates and times their ISO text; anything else the text of its paragraphs.
 * Repeated rows and cells (table:number-rows-repeated / number-columns-repeated) are expanded only
 * when something non-empty follows them: an office program pads sheets with a million empty ones.
 *
 * No maintained, advisory-free .ods reader for the browser was found small enough to be worth a
 * dependency; this is ~100 lines on fflate, already a dependency.
 */
import type { Result } from '../types';
import type { SheetRecords, Workbook } from './sheetTypes';
import { scanXml } from './xmlScan';
import { openZip } from './zipEntries';

const ODS_MIME = 'application/vnd.oasis.opendocument.spreadsheet';

/** Most copies of one repeated cell or row expanded (a hostile file cannot ask for 10⁹). */
const MAX_REPEAT = 1 << 20;

const repeat = (v: string | undefined): number => {
  const n = v === undefined ? 1 : Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_REPEAT) : 1;
};

/** A cell's text from its attributes, or null to take its paragraphs' text. */
function valueText(a: Readonly<Record<string, string>>): string | null {
  switch (a['office:value-type']) {
    case 'float':
    case 'percentage':
    case 'currency':
      return a['office:value'] ?? null;
    case 'date':
      return a['office:date-value'] ?? null;
    case 'time':
      return a['office:time-value'] ?? null;
    case 'boolean':
      return a['office:boolean-value'] === 'true' ? 'TRUE' : 'FALSE';
    default:
      return null;
  }
}

/** Reads every table of content.xml: names, and records per table. */
function readTables(xml: string): { names: string[]; sheets: SheetRecords[]; error: string | null } {
  const names: string[] = [];
  const sheets: SheetRecords[] = [];
  let records: string[][] = [];
  let lines: number[] = [];
  let depth = 0; // nested tables (subtables) are read as part of their outer table
  let rowNumber = 0;
  let row: string[] = [];
  let pendingCells = 0; // empty cells seen but not yet written (written once a non-empty one follows)
  let rowRepeat = 1;
  let cellRepeat = 1;
  let cell: string | null = null;
  let fixed: string | null = null;
  let paragraphs = 0;
  const error = scanXml(xml, {
    open: (name, a) => {
      if (name === 'table:table') {
        if (depth++ === 0) { names.push(a['table:name'] ?? `Sheet${names.length + 1}`); records = []; lines = []; rowNumber = 0; }
      } else if (depth !== 1) return;
      else if (name === 'table:table-row') { row = []; pendingCells = 0; rowRepeat = repeat(a['table:number-rows-repeated']); }
      else if (name === 'table:table-cell' || name === 'table:covered-table-cell') {
        cellRepeat = repeat(a['table:number-columns-repeated']);
        fixed = valueText(a);
        cell = '';
        paragraphs = 0;
      } else if (name === 'text:p' && cell !== null) { if (paragraphs++ > 0) cell += '\n'; }
      else if (name === 'text:s' && cell !== null) cell += ' '.repeat(repeat(a['text:c']));
      else if (name === 'text:tab' && cell !== null) cell += '\t';
    },
    close: (name) => {
      if (name === 'table:table') {
        if (--depth === 0) sheets.push({ records, lines });
      } else if (depth !== 1) return;
      else if (name === 'table:table-cell' || name === 'table:covered-table-cell') {
        const text = (fixed ?? cell ?? '').trim();
        if (text === '') pendingCells += cellRepeat;
        else {
          for (; pendingCells > 0; pendingCells--) row.push('');
          for (let k = 0; k < cellRepeat; k++) row.push(text);
        }
        cell = null;
      } else if (name === 'table:table-row') {
        if (row.length > 0) {
          for (let k = 0; k < rowRepeat; k++) { records.push(k === 0 ? row : row.slice()); lines.push(rowNumber + k + 1); }
        }
        rowNumber += rowRepeat;
      }
    },
    text: (t) => {
      if (cell !== null && fixed === null && paragraphs > 0) cell += t;
    },
  });
  return { names, sheets, error };
}

export function openOds(bytes: Uint8Array): Result<Workbook> {
  const zip = openZip(bytes, 'OpenDocument (.ods)', (n) => n === 'mimetype' || n === 'content.xml');
  if (!zip.ok) return zip;
  const mime = zip.value.text('mimetype')?.trim();
  if (mime !== undefined && mime !== ODS_MIME) {
    return { ok: false, error: { code: 'binary', message: `This OpenDocument file is not a spreadsheet (${mime}); open it in its program and export the table as .ods or CSV.` } };
  }
  const content = zip.value.text('content.xml');
  if (content === null) return { ok: false, error: { code: 'binary', message: 'This .ods file has no content part (content.xml); it may be damaged. Open it in a spreadsheet program and save it again.' } };
  const { names, sheets, error } = readTables(content);
  if (error) return { ok: false, error: { code: 'binary', message: `This .ods file's content is malformed (${error}); open it in a spreadsheet program and save it again.` } };
  if (names.length === 0) return { ok: false, error: { code: 'empty', message: 'This .ods file has no sheets.' } };
  return { ok: true, value: { format: 'ods', sheets: names, read: (index) => sheets[index] ?? `there is no sheet ${index + 1}` } };
}
