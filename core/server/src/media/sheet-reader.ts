import ExcelJS from 'exceljs';
import { AppError } from '@atende/sdk-server';
import { checkZip } from './zip-guard.js';

/**
 * What a legitimate sheet of 10,000 contacts unpacks to is a few megabytes (its XML parts, styles,
 * shared strings); 50 MB leaves room for rich formatting and refuses bombs. Workbooks have a few
 * dozen parts.
 */
export const SHEET_ZIP_LIMITS = { uncompressedBytes: 50 * 1024 * 1024, entries: 500 };

const invalid = (message: string) => new AppError('ERR_INVALID_SPREADSHEET', 400, undefined, [{ path: 'file', message }]);

/** A cell as text: numbers (phones typed as numbers), hyperlinks (e-mails), rich text and formula results. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('text' in value && value.text != null) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  }
  return '';
}

/**
 * The first worksheet of an .xlsx, after the zip guard (exceljs unpacks the whole zip in memory: a
 * 5 MB upload must not become gigabytes first). More than `maxRows` rows after the header is refused.
 * Shared by the contacts import and the Media port.
 */
export async function firstWorksheet(data: Buffer, maxRows: number): Promise<ExcelJS.Worksheet> {
  const problem = checkZip(data, SHEET_ZIP_LIMITS);
  if (problem) throw invalid(problem === 'not_zip' ? 'not_xlsx' : problem);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw invalid('not_xlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalid('no_sheet');
  if (sheet.actualRowCount - 1 > maxRows) throw invalid('too_many_rows');
  return sheet;
}

/**
 * Columns read per row. Imports use a handful; a cell far to the right (column XFD) must not make every
 * row 16,384 cells wide: a 450 kB sheet would otherwise become millions of objects.
 */
export const SHEET_MAX_COLUMNS = 64;

/** Every row of the first worksheet as cell texts (empty cells as '', up to the row's last one), header included. */
export async function sheetRows(data: Buffer, maxRows: number): Promise<string[][]> {
  const sheet = await firstWorksheet(data, maxRows);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (r) => {
    const cells: string[] = [];
    // Only the cells that exist (includeEmpty would make one per column up to the last one).
    r.eachCell({ includeEmpty: false }, (cell, col) => {
      if (col <= SHEET_MAX_COLUMNS) cells[col - 1] = cellText(cell.value);
    });
    rows.push(Array.from(cells, (c) => c ?? ''));
  });
  return rows;
}
