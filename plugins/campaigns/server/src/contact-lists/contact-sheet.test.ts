import { describe, expect, it } from 'vitest';
import { parseContactSheet } from './contact-sheet.js';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return null;
}

describe('contact list sheet', () => {
  it('finds the columns by their es/pt/en names in any order, accents and case aside', () => {
    const parsed = parseContactSheet([
      ['E-MAIL', 'Teléfono', 'Nome'],
      ['ANA@example.com', '+51 987-654-321', ' Ana '],
    ]);
    expect(parsed).toEqual({ total: 1, valid: [{ row: 2, name: 'Ana', number: '51987654321', email: 'ana@example.com' }], errors: [] });
  });

  it('checks every row like the item form, refuses a number seen earlier in the sheet, skips blank rows', () => {
    const parsed = parseContactSheet([
      ['name', 'number', 'email'],
      ['Ana', '51987654321', ''],
      ['', '', ''],
      ['Bruno', '12', 'mal'],
      ['Ana bis', '51 987 654 321'],
      ['', '51911111111'],
      ['Carla', '1234567890123456'],
    ]);
    expect(parsed.total).toBe(5);
    expect(parsed.valid.map((v) => v.name)).toEqual(['Ana']);
    expect(parsed.errors).toEqual([
      { row: 4, name: 'Bruno', number: '12', errors: [{ path: 'number', message: 'too_short' }, { path: 'email', message: 'invalid_email' }] },
      { row: 5, name: 'Ana bis', number: '51987654321', errors: [{ path: 'number', message: 'duplicated' }] },
      { row: 6, name: '', number: '51911111111', errors: [{ path: 'name', message: 'required' }] },
      { row: 7, name: 'Carla', number: '1234567890123456', errors: [{ path: 'number', message: 'too_long' }] },
    ]);
  });

  it('refuses a sheet without a name and a number column, or without any row', () => {
    expect(thrown(() => parseContactSheet([['Ciudad', 'Número']]))).toMatchObject({ code: 'ERR_INVALID_SPREADSHEET', status: 400, details: [{ path: 'file', message: 'missing_columns' }] });
    expect(thrown(() => parseContactSheet([]))).toMatchObject({ details: [{ path: 'file', message: 'missing_columns' }] });
    expect(parseContactSheet([['nombre', 'numero']])).toEqual({ total: 0, valid: [], errors: [] });
  });
});
