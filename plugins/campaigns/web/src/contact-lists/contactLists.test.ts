import { describe, expect, it } from 'vitest';
import type { ContactList, ContactListItem } from '@atende/plugin-campaigns-contract';
import { applyItemEvent, applyListEvent, checkSheet, importPercent, importProblems, matchesItem, sheetType } from './contactLists.js';

const list = (id: number, name: string): ContactList => ({ id, name, contactsCount: 0, createdAt: '', updatedAt: '' });
const item = (id: number, name: string, number: string, contactListId = 1): ContactListItem => ({
  id,
  name,
  number,
  email: '',
  isWhatsappValid: null,
  companyId: 1,
  contactListId,
  createdAt: '',
  updatedAt: '',
});

describe('contact lists (web)', () => {
  it('applies list events in the server order and keeps the search', () => {
    const rows = [list(1, 'Clientes'), list(2, 'VIP')];
    expect(applyListEvent(rows, { action: 'create', record: list(3, 'Prospectos') }, '').map((r) => r.id)).toEqual([1, 3, 2]);
    expect(applyListEvent(rows, { action: 'create', record: list(3, 'Prospectos') }, 'vip').map((r) => r.id)).toEqual([1, 2]);
    expect(applyListEvent(rows, { action: 'update', record: list(2, 'Otros') }, 'vip').map((r) => r.id)).toEqual([1]);
    expect(applyListEvent(rows, { action: 'delete', id: 1 }, '').map((r) => r.id)).toEqual([2]);
  });

  it('applies item events of its own list only; a reload of its list asks to read again', () => {
    const rows = [item(1, 'Ana', '51987654321'), item(2, 'Bruno', '5511987654321')];
    expect(applyItemEvent(rows, { action: 'create', record: item(3, 'Berta', '51911111111') }, 1, '')).toHaveLength(3);
    expect(applyItemEvent(rows, { action: 'create', record: item(3, 'Berta', '51911111111', 2) }, 1, '')).toHaveLength(2);
    // Moved to another list: gone from this page.
    expect(applyItemEvent(rows, { action: 'update', record: item(1, 'Ana', '51987654321', 2) }, 1, '')).toEqual([rows[1]]);
    expect(applyItemEvent(rows, { action: 'delete', id: 2, contactListId: 1 }, 1, '')).toEqual([rows[0]]);
    expect(applyItemEvent(rows, { action: 'reload', contactListId: 1 }, 1, '')).toBe('reload');
    expect(applyItemEvent(rows, { action: 'reload', contactListId: 2 }, 1, '')).toBe(rows);
  });

  it('searches items by name or by the digits of a number', () => {
    expect(matchesItem(item(1, 'Ana', '51987654321'), 'an')).toBe(true);
    expect(matchesItem(item(1, 'Ana', '51987654321'), '+51 987')).toBe(true);
    expect(matchesItem(item(1, 'Ana', '51987654321'), 'bruno')).toBe(false);
  });

  it('takes .xls and .xlsx up to 5 MB, and reports progress from upload to rows', () => {
    expect(checkSheet({ name: 'Lista.XLSX', size: 100 })).toBeNull();
    expect(checkSheet({ name: 'lista.xls', size: 100 })).toBeNull();
    expect(checkSheet({ name: 'lista.csv', size: 100 })).toBe('type');
    expect(checkSheet({ name: 'lista.xlsx', size: 6 * 1024 * 1024 })).toBe('size');
    expect(sheetType('a.xls')).toBe('application/vnd.ms-excel');
    expect(importPercent({ uploaded: 0.5, processed: 0, total: 0 })).toBe(15);
    expect(importPercent({ uploaded: 1, processed: 5000, total: 10000 })).toBe(65);
    expect(importPercent({ uploaded: 1, processed: 10000, total: 10000 })).toBe(100);
  });
});

describe('an import\'s refused rows (issue 38 item 9)', () => {
  it('says one thing per column, and "not a phone number" for a number with no digit', () => {
    expect(importProblems({ number: 'abc', errors: [{ path: 'number', message: 'required' }, { path: 'number', message: 'too_short' }] })).toEqual([{ path: 'number', message: 'not_a_number' }]);
    expect(importProblems({ number: '12', errors: [{ path: 'number', message: 'too_short' }, { path: 'email', message: 'invalid_email' }, { path: 'email', message: 'too_long' }] })).toEqual([
      { path: 'number', message: 'too_short' },
      { path: 'email', message: 'invalid_email' },
    ]);
    expect(importProblems({ number: '', errors: [{ path: 'number', message: 'required' }] })).toEqual([{ path: 'number', message: 'required' }]);
    expect(importProblems({ number: 'x51', errors: [{ path: 'number', message: 'duplicated' }] })).toEqual([{ path: 'number', message: 'duplicated' }]);
  });
});
