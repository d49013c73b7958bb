/**
 * Reading the table on the page again (issue 13): the "First row is header" switch both ways, and
 * another sheet of a workbook, through the store's actions with the worker API in-thread; a model
 * written for other data is not fitted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadFile, loadText, reloadTable } from './actions/data';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { getState, initialState, setState } from './store';

const dir = join(import.meta.dirname, '..', '..', 'fixtures', 'datain');

beforeEach(() => {
  setClient(localClient());
  setState(initialState, true);
});

describe('reading the data again', () => {
  it('the header switch: off names the columns c1…c5 and counts the header row as data; on restores it', async () => {
    expect(await loadText(readFileSync(join(dir, 'text_leading.csv'), 'utf8'), 'text_leading.csv')).toBe(true);
    expect(getState().reloadable).toBe(true);
    expect(getState().table?.hasHeader).toBe(true);
    expect(getState().mapping).toMatchObject({ x: ['dose'], y: 'response' });
    expect(await reloadTable({ header: false })).toBe(true);
    const off = getState().table;
    expect(off?.hasHeader).toBe(false);
    expect(off?.rows).toBe(25);
    expect(off?.columns.map((c) => c.name)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(await reloadTable({ header: true })).toBe(true);
    expect(getState().table?.rows).toBe(24);
    expect(getState().mapping).toMatchObject({ x: ['dose'], y: 'response' });
  });

  it('another sheet of a workbook, its columns chosen afresh', async () => {
    const bytes = readFileSync(join(dir, 'sheets.xlsx'));
    expect(await loadFile(new Blob([bytes]), 'sheets.xlsx')).toBe(true);
    expect(getState().table?.source).toEqual({ format: 'xlsx', sheet: 'decay', sheets: ['decay', 'growth'] });
    expect(getState().mapping).toMatchObject({ x: ['t'], y: 'counts', sigma: 'sigma' });
    expect(await reloadTable({ sheet: 'growth', header: 'auto' })).toBe(true);
    expect(getState().table?.source?.sheet).toBe('growth');
    expect(getState().mapping).toMatchObject({ x: ['age'], y: 'circumference', sigma: null });
    expect(getState().selection?.rows).toBe(35);
  });

  it('an old .xls is refused with what to do; the data on the page stay', async () => {
    expect(await loadText('x,y\n1,2\n2,4\n3,5\n', 'small.csv')).toBe(true);
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await loadFile(new Blob([ole]), 'old.xls')).toBe(false);
    expect(getState().loadError?.message).toMatch(/old binary Excel file \(\.xls\).*save it as \.xlsx, \.ods or CSV/);
    expect(getState().table?.rows).toBe(3);
  });

  it('a model in none of the x columns (written for other data) is not fitted', async () => {
    expect(await loadText(readFileSync(join(dir, 'id_first.csv'), 'utf8'), 'id_first.csv')).toBe(true);
    expect(getState().mapping.x).toEqual(['time']);
    setModelText('A*exp(-t/tau) + c');
    await runFit();
    expect(getState().fitStatus).toBe('error');
    expect(getState().fitError?.code).toBe('no-variable');
    expect(getState().fitError?.message).toContain('The model uses none of the x columns (time)');
    expect(getState().outcome).toBeNull();
  });
});
