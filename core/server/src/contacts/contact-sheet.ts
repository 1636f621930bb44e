import { CONTACT_IMPORT_LIMITS, contactInputSchema } from '@atende/core-contract';
import { AppError } from '@atende/sdk-server';
import { cellText, firstWorksheet } from '../media/sheet-reader.js';

/** Header spellings in es/pt/en, compared without accents or case. */
const HEADERS: Record<string, 'name' | 'number' | 'email'> = {
  nombre: 'name',
  nome: 'name',
  name: 'name',
  numero: 'number',
  number: 'number',
  telefone: 'number',
  telefono: 'number',
  phone: 'number',
  email: 'email',
  'e-mail': 'email',
  correo: 'email',
};

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

export interface SheetRow {
  /** 1-based row number in the sheet, for messages. */
  row: number;
  name: string;
  number: string;
  email: string;
}

export type ParsedRow = { ok: true; row: SheetRow } | { ok: false; contactName: string; message: string };

const invalid = (message: string) => new AppError('ERR_INVALID_SPREADSHEET', 400, undefined, [{ path: 'file', message }]);

/**
 * Reads the first worksheet of an .xlsx: a header row naming name/number/email columns (any of the
 * es/pt/en spellings), then one contact per row, each validated like the contact form. Anything
 * exceljs cannot open, or a sheet without name and number columns or with too many rows, is refused.
 */
export async function parseContactSheet(data: Buffer): Promise<ParsedRow[]> {
  const sheet = await firstWorksheet(data, CONTACT_IMPORT_LIMITS.rows);
  const columns: Partial<Record<'name' | 'number' | 'email', number>> = {};
  sheet.getRow(1).eachCell((cell, col) => {
    const key = HEADERS[fold(cellText(cell.value))];
    if (key && columns[key] === undefined) columns[key] = col;
  });
  if (columns.name === undefined || columns.number === undefined) throw invalid('missing_columns');
  const out: ParsedRow[] = [];
  sheet.eachRow((r, index) => {
    if (index === 1) return;
    const get = (col?: number) => (col === undefined ? '' : cellText(r.getCell(col).value).trim());
    const raw = { name: get(columns.name), number: get(columns.number), email: get(columns.email) };
    if (!raw.name && !raw.number && !raw.email) return;
    const parsed = contactInputSchema.safeParse(raw);
    if (parsed.success) out.push({ ok: true, row: { row: index, name: parsed.data.name, number: parsed.data.number, email: parsed.data.email } });
    else out.push({ ok: false, contactName: raw.name || raw.number, message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
  });
  return out;
}

/** One CSV field: quoted when needed, and a leading = + - @ neutralised so spreadsheets never run it as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
