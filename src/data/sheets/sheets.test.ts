/**
 * Spreadsheets and Parquet files reach the same column store as their CSV twins: every column's
 * name, label, values (bit for bit), decimal residuals, counts, notes and categories, and the row
 * lines, are those parseDelimitedText gives for the CSV. The twins were written by independent
 * libraries (openpyxl, odfpy, hyparquet-writer; fixtures/datain/make_fixtures.py, make_parquet.mjs).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseDelimitedText } from '../parseText';
import type { Table } from '../types';
import { fileFormat } from './fileFormat';
import { readSheetFile } from './sheetFile';

const dir = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'datain');
const bytes = (f: string): ArrayBuffer => {
  const b = readFileSync(join(dir, f));
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};
const csv = (f: string): Table => {
  const t = parseDelimitedText(readFileSync(join(dir, f), 'utf8'));
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
};

/**
 * The table without what only text has (delimiter, preview) or only sheets (source). `lo`: false
 * leaves the decimal residuals out; openpyxl writes some doubles with 16 significant digits
 * ("784.5795000000001" where Python's repr is "784.5795"): the same double, another decimal, and
 * the residual follows the decimal written (as it would for that text in a CSV).
 */
function core(t: Table, lo = true) {
  return {
    rowCount: t.rowCount,
    lines: Array.from(t.lines),
    hasHeader: t.hasHeader,
    issues: t.issues,
    columns: t.columns.map((c) => ({ ...c, values: Array.from(c.values, (v) => (Object.is(v, -0) ? '-0' : v)), lo: lo ? c.lo && Array.from(c.lo) : null })),
  };
}

async function sheet(file: string, sheetName?: string): Promise<Table> {
  const buffer = bytes(file);
  const format = fileFormat(new Uint8Array(buffer, 0, 8));
  if (format !== 'zip' && format !== 'parquet') throw new Error(`${file}: ${format}`);
  const t = await readSheetFile(buffer, format, { sheet: sheetName ?? null });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}

describe('spreadsheets and Parquet equal their CSV twins', () => {
  for (const file of ['sheets.xlsx', 'sheets.ods']) {
    it(`${file}: both sheets, picked by name`, async () => {
      const decay = await sheet(file);
      expect(decay.source).toEqual({ format: file.endsWith('xlsx') ? 'xlsx' : 'ods', sheet: 'decay', sheets: ['decay', 'growth'] });
      const lo = file.endsWith('.ods'); // see core()
      expect(core(decay, lo)).toEqual(core(csv('decay.csv'), lo));
      // the empty and the text cell are noted as in the CSV
      expect(decay.columns[1]?.notes).toEqual([{ row: 12, reason: '"n/a" is not a number' }]);
      const growth = await sheet(file, 'growth');
      expect(growth.source?.sheet).toBe('growth');
      expect(core(growth, lo)).toEqual(core(csv('tree_growth.csv'), lo));
    });
  }

  for (const base of ['text_leading', 'tree_growth', 'id_first']) {
    it(`${base}.parquet`, async () => {
      const t = await sheet(`${base}.parquet`);
      expect(t.source).toEqual({ format: 'parquet', sheet: null, sheets: [] });
      expect(core(t)).toEqual(core(csv(`${base}.csv`)));
    });
  }

  it('an unknown sheet is refused with the sheets there are', async () => {
    const t = await readSheetFile(bytes('sheets.xlsx'), 'zip', { sheet: 'nope' });
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.error.message).toBe('There is no sheet "nope"; the sheets are "decay", "growth"');
  });

  it('xlsx: shared strings with rich-text runs, sparse cells and skipped rows (as Excel writes them)', async () => {
    const part = (s: string) => strToU8(s);
    const zip = zipSync({
      'xl/workbook.xml': part('<workbook xmlns:r="r"><sheets><sheet name="Data &amp; fit" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      'xl/_rels/workbook.xml.rels': part('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      'xl/sharedStrings.xml': part('<sst><si><t>dose</t></si><si><r><t>resp</t></r><r><t xml:space="preserve">onse</t></r><rPh><t>x</t></rPh></si><si><t>a&lt;b</t></si></sst>'),
      'xl/worksheets/sheet1.xml': part(
        '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>' +
          '<row r="3"><c r="A3"><v>1.5E-3</v></c><c r="C3"><v>2</v></c></row>' +
          '<row r="4"><c r="A4"><v>0.1</v></c><c r="B4" t="s"><v>2</v></c><c r="C4" t="e"><v>#DIV/0!</v></c></row></sheetData></worksheet>',
      ),
    });
    const t = await readSheetFile(zip.buffer as ArrayBuffer, 'zip');
    expect(t.ok).toBe(true);
    if (!t.ok) return;
    const twin = parseDelimitedText('dose,,response\n\n1.5E-3,,2\n0.1,a<b,#DIV/0!\n');
    expect(twin.ok).toBe(true);
    if (twin.ok) expect(core(t.value)).toEqual(core(twin.value));
    expect(t.value.source?.sheets).toEqual(['Data & fit']);
    expect(t.value.columns.map((c) => c.label)).toEqual(['dose', 'c2', 'response']);
  });

  it('ods: repeated cells and rows expand, trailing padding does not', async () => {
    const content =
      '<office:document-content><office:body><office:spreadsheet><table:table table:name="S">' +
      '<table:table-row><table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>y</text:p></table:table-cell><table:table-cell table:number-columns-repeated="1000"/></table:table-row>' +
      '<table:table-row table:number-rows-repeated="2"><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="2"><text:p>1</text:p></table:table-cell></table:table-row>' +
      '<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>' +
      '</table:table></office:spreadsheet></office:body></office:document-content>';
    const zip = zipSync({ mimetype: strToU8('application/vnd.oasis.opendocument.spreadsheet'), 'content.xml': strToU8(content) });
    const t = await readSheetFile(zip.buffer as ArrayBuffer, 'zip');
    expect(t.ok).toBe(true);
    if (t.ok) {
      expect(t.value.rowCount).toBe(2);
      expect(Array.from(t.value.lines)).toEqual([2, 3]);
      expect(t.value.columns.map((c) => Array.from(c.values))).toEqual([[1, 1], [1, 1]]);
    }
  });

  it('tells the formats apart by their first bytes; an .xls is refused with what to do', () => {
    expect(fileFormat(new Uint8Array(bytes('sheets.xlsx').slice(0, 8)))).toBe('zip');
    expect(fileFormat(new Uint8Array(bytes('id_first.parquet').slice(0, 8)))).toBe('parquet');
    expect(fileFormat(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('xls');
    expect(fileFormat(strToU8('t,y\n1,2\n'))).toBe('text');
  });

  it('a zip that is no spreadsheet, and a damaged one, get a clear error', async () => {
    const other = zipSync({ 'data.csv': strToU8('x,y\n1,2\n') });
    const t = await readSheetFile(other.buffer as ArrayBuffer, 'zip');
    expect(!t.ok && t.error.message).toMatch(/neither an Excel \(\.xlsx\) nor an OpenDocument/);
    const cut = bytes('sheets.xlsx').slice(0, 3000);
    const d = await readSheetFile(cut, 'zip');
    expect(d.ok).toBe(false);
  });
});
