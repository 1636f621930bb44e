import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvField, parseContactSheet } from './contact-sheet.js';
import { SHEET_ZIP_LIMITS } from '../media/sheet-reader.js';
import { zip } from '../media/testing.js';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('contact sheet', () => {
  it('finds the columns by es/pt/en header spelling, accents and case aside', async () => {
    const rows = await parseContactSheet(await xlsx([['CORREO', 'TELÉFONO', 'Nombre'], ['x@example.com', '51 999-111-222', 'Ana']]));
    expect(rows).toEqual([{ ok: true, row: { row: 2, name: 'Ana', number: '51999111222', email: 'x@example.com' } }]);
  });

  it('validates each row like the contact form and skips empty rows', async () => {
    const rows = await parseContactSheet(await xlsx([['name', 'number'], ['B', '12'], [], ['Carla', 5511987650001]]));
    expect(rows).toEqual([
      { ok: false, contactName: 'B', message: 'name: too_short; number: too_short' },
      { ok: true, row: { row: 4, name: 'Carla', number: '5511987650001', email: '' } },
    ]);
  });

  it('refuses files exceljs cannot open and sheets without name and number', async () => {
    await expect(parseContactSheet(Buffer.from('name,number\n'))).rejects.toMatchObject({ code: 'ERR_INVALID_SPREADSHEET' });
    await expect(parseContactSheet(await xlsx([['name', 'city']]))).rejects.toMatchObject({ details: [{ message: 'missing_columns' }] });
  });

  it('refuses a zip bomb dressed as .xlsx before exceljs unpacks it', async () => {
    const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(SHEET_ZIP_LIMITS.uncompressedBytes + 1, 0x20) }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expect(parseContactSheet(bomb)).rejects.toMatchObject({ code: 'ERR_INVALID_SPREADSHEET', details: [{ message: 'too_large_uncompressed' }] });
  });

  it('writes CSV fields that spreadsheets cannot run as formulas', () => {
    expect(csvField('Ana')).toBe('Ana');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+51')).toBe("'+51");
  });
});
