import { AppError } from '@atende/sdk-server';
import { contactItemRowSchema, type ContactImportError } from '@atende/plugin-campaigns-contract';

type Column = 'name' | 'number' | 'email';

/** Header spellings in es/pt/en, compared without accents or case. */
const HEADERS: Record<string, Column> = {
  nombre: 'name',
  nome: 'name',
  name: 'name',
  numero: 'number',
  number: 'number',
  telefono: 'number',
  telefone: 'number',
  phone: 'number',
  celular: 'number',
  whatsapp: 'number',
  email: 'email',
  'e-mail': 'email',
  correo: 'email',
};

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

export interface SheetContact {
  /** Position in the sheet (the header is row 1; blank rows are not counted). */
  row: number;
  name: string;
  number: string;
  email: string;
}

export interface ParsedSheet {
  /** Data rows read (every row after the header that is not blank). */
  total: number;
  valid: SheetContact[];
  errors: ContactImportError[];
}

const invalidSheet = (message: string) => new AppError('ERR_INVALID_SPREADSHEET', 400, undefined, [{ path: 'file', message }]);

/**
 * The rows of a sheet (as the Media port reads them: cell texts, header first) as list items: the header
 * names the name, number and e-mail columns (es/pt/en spellings, any order); each row is checked like
 * the item form, and a number seen earlier in the sheet is refused as `duplicated`.
 */
export function parseContactSheet(rows: string[][]): ParsedSheet {
  const [header, ...data] = rows;
  const columns: Partial<Record<Column, number>> = {};
  (header ?? []).forEach((cell, index) => {
    const key = HEADERS[fold(cell)];
    if (key && columns[key] === undefined) columns[key] = index;
  });
  if (columns.name === undefined || columns.number === undefined) throw invalidSheet('missing_columns');

  const seen = new Set<string>();
  const out: ParsedSheet = { total: 0, valid: [], errors: [] };
  data.forEach((cells, index) => {
    const get = (col?: number) => (col === undefined ? '' : (cells[col] ?? '').trim());
    const raw = { name: get(columns.name), number: get(columns.number), email: get(columns.email) };
    if (!raw.name && !raw.number && !raw.email) return;
    out.total += 1;
    const row = index + 2;
    const parsed = contactItemRowSchema.safeParse(raw);
    if (!parsed.success) {
      out.errors.push({ row, name: raw.name, number: raw.number, errors: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
    } else if (seen.has(parsed.data.number)) {
      out.errors.push({ row, name: raw.name, number: parsed.data.number, errors: [{ path: 'number', message: 'duplicated' }] });
    } else {
      seen.add(parsed.data.number);
      out.valid.push({ row, ...parsed.data });
    }
  });
  return out;
}
