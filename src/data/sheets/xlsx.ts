/**
 * Office Open XML workbooks (.xlsx, ECMA-376 Part 1, §18.2 workbook, §18.3 worksheets, §18.4 shared
 * strings) read on fflate and xmlScan: the sheet list from xl/workbook.xml and its relationships,
 * and a sheet's cells as text records. Each cell yields the text it stores: the number as written
 * in its <v> (so that it reaches the column store exactly as the same number in a CSV would), the
 * shared or inline string, TRUE/FALSE, or the error (#DIV/0!). Dates stay the serial numbers Excel
 * stores (days since 1899-12-30); formulas give their cached value.
 *
 * Not the `xlsx` (SheetJS) package of npm: frozen at a version with a prototype-pollution
 * advisory. read-excel-file would bring four dependencies and hands cells on as JS values (the
 * decimal text is lost); this reader is ~100 lines on fflate, already a dependency.
 */
import type { Result } from '../types';
import type { SheetRecords, Workbook } from './sheetTypes';
import { scanXml } from './xmlScan';
import { openZip } from './zipEntries';

/** Column letters of a cell reference ("AB12" → 27, 0-based), or -1. */
export function columnIndex(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return i === 0 ? -1 : col - 1;
}

/** The strings of xl/sharedStrings.xml: each <si> is the text of its <t> runs (phonetic runs left out). */
function sharedStrings(xml: string | null): string[] {
  const out: string[] = [];
  if (xml === null) return out;
  let current: string | null = null;
  let inT = false;
  let phonetic = 0;
  scanXml(xml, {
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 't') inT = true;
      else if (name === 'rPh') phonetic++;
    },
    close: (name) => {
      if (name === 'si') { out.push(current ?? ''); current = null; }
      else if (name === 't') inT = false;
      else if (name === 'rPh') phonetic--;
    },
    text: (t) => {
      if (inT && phonetic === 0 && current !== null) current += t;
    },
  });
  return out;
}

/** Resolves a relationship target against xl/ ("worksheets/sheet1.xml", "/xl/worksheets/…"). */
function partName(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts: string[] = ['xl'];
  for (const p of target.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.' && p !== '') parts.push(p);
  }
  return parts.join('/');
}

/** One worksheet's cells as records. */
function sheetRecords(xml: string, strings: readonly string[]): SheetRecords | string {
  const records: string[][] = [];
  const lines: number[] = [];
  let row: string[] | null = null;
  let rowNumber = 0;
  let col = 0;
  let type = 'n';
  let value: string | null = null;
  let inValue = false;
  let inInline = false;
  const error = scanXml(xml, {
    open: (name, a) => {
      if (name === 'row') {
        rowNumber = a.r ? Number(a.r) : rowNumber + 1;
        row = [];
        col = 0;
      } else if (name === 'c') {
        const ref = a.r ? columnIndex(a.r) : -1;
        col = ref >= 0 ? ref : col;
        type = a.t ?? 'n';
        value = null;
      } else if (name === 'v') { inValue = true; value = ''; }
      else if (name === 'is') { inInline = true; value = ''; }
    },
    close: (name) => {
      if (name === 'v') inValue = false;
      else if (name === 'is') inInline = false;
      else if (name === 'c' && row) {
        let text = value ?? '';
        if (type === 's') text = strings[Number(text)] ?? '';
        else if (type === 'b') text = text === '1' ? 'TRUE' : 'FALSE';
        while (row.length < col) row.push('');
        row[col] = text.trim();
        col++;
      } else if (name === 'row' && row) {
        if (row.some((c) => c !== '')) { records.push(row); lines.push(rowNumber); }
        row = null;
      }
    },
    text: (t) => {
      if (inValue || inInline) value = (value ?? '') + t;
    },
  });
  return error ? `the sheet's XML is malformed (${error})` : { records, lines };
}

export function openXlsx(bytes: Uint8Array): Result<Workbook> {
  const zip = openZip(bytes, 'Excel (.xlsx)', (n) => n.startsWith('xl/') && n.endsWith('.xml') || n.endsWith('.rels'));
  if (!zip.ok) return zip;
  const parts = zip.value;
  const book = parts.text('xl/workbook.xml');
  const rels = parts.text('xl/_rels/workbook.xml.rels');
  if (book === null || rels === null) return { ok: false, error: { code: 'binary', message: 'This .xlsx file has no workbook part (xl/workbook.xml); it may be damaged. Open it in a spreadsheet program and save it again.' } };
  const targets = new Map<string, string>();
  scanXml(rels, { open: (name, a) => { if (name === 'Relationship' && a.Id && a.Target) targets.set(a.Id, partName(a.Target)); } });
  const sheets: { name: string; part: string }[] = [];
  scanXml(book, {
    open: (name, a) => {
      if (name !== 'sheet') return;
      const id = a['r:id'] ?? Object.entries(a).find(([k]) => k.endsWith(':id'))?.[1];
      const part = id ? targets.get(id) : undefined;
      if (part) sheets.push({ name: a.name ?? `Sheet${sheets.length + 1}`, part });
    },
  });
  if (sheets.length === 0) return { ok: false, error: { code: 'empty', message: 'This .xlsx file has no worksheets.' } };
  let strings: string[] | null = null;
  return {
    ok: true,
    value: {
      format: 'xlsx',
      sheets: sheets.map((s) => s.name),
      read(index) {
        const sheet = sheets[index];
        const xml = sheet ? parts.text(sheet.part) : null;
        if (!sheet || xml === null) return `the sheet's part ${sheet?.part ?? index} is missing`;
        strings ??= sharedStrings(parts.text('xl/sharedStrings.xml'));
        return sheetRecords(xml, strings);
      },
    },
  };
}
