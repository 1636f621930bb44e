import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SHEET_MAX_COLUMNS, sheetRows } from './sheet-reader.js';
import { MediaPortService } from './media-port.service.js';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The Media port's spreadsheet reader (Media.readSheet), which plugins use for their uploads (the campaigns' contact lists). */
describe('Media.readSheet', () => {
  // readSheet uses none of the service's collaborators.
  const port = Object.create(MediaPortService.prototype) as MediaPortService;

  it('answers every non-blank row as cell texts: numbers whole, empty cells as "", header included', async () => {
    const rows = await port.readSheet(await xlsx([['Nombre', 'Número', 'Email'], ['Ana', 51987654321, null], [], ['Bruno', '5511 9876', 'b@example.com']]));
    expect(rows).toEqual([
      ['Nombre', 'Número', 'Email'],
      ['Ana', '51987654321'],
      ['Bruno', '5511 9876', 'b@example.com'],
    ]);
  });

  it('refuses more rows than asked, and never reads more than 10,000 whatever is asked', async () => {
    const data = await xlsx([['name'], ['a'], ['b'], ['c']]);
    await expect(port.readSheet(data, { maxRows: 2 })).rejects.toMatchObject({ code: 'ERR_INVALID_SPREADSHEET', details: [{ message: 'too_many_rows' }] });
    expect(await port.readSheet(data, { maxRows: 3 })).toHaveLength(4);
    const big = await xlsx([['name'], ...Array.from({ length: 10_001 }, (_, i) => [`c${i}`])]);
    await expect(port.readSheet(big, { maxRows: 50_000 })).rejects.toMatchObject({ details: [{ message: 'too_many_rows' }] });
    expect(await sheetRows(big, 10_001)).toHaveLength(10_002);
  });

  it('reads no further right than SHEET_MAX_COLUMNS, so a cell in column XFD does not widen every row', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.getCell(1, 1).value = 'name';
    ws.getCell(2, 1).value = 'Ana';
    ws.getCell(2, 3).value = 'x';
    ws.getCell(2, 16_384).value = 'far';
    const rows = await sheetRows(Buffer.from(await wb.xlsx.writeBuffer()), 10);
    expect(rows).toEqual([['name'], ['Ana', '', 'x']]);
    expect(Math.max(...rows.map((r) => r.length))).toBeLessThanOrEqual(SHEET_MAX_COLUMNS);
  });

  it('refuses what is not an .xlsx (an old binary .xls, a text file) with ERR_INVALID_SPREADSHEET', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    await expect(port.readSheet(ole)).rejects.toMatchObject({ code: 'ERR_INVALID_SPREADSHEET', status: 400, details: [{ message: 'not_xlsx' }] });
    await expect(port.readSheet(Buffer.from('name,number\n'))).rejects.toMatchObject({ code: 'ERR_INVALID_SPREADSHEET' });
  });
});
