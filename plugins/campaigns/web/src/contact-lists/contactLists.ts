import {
  CONTACT_IMPORT_EXTENSIONS,
  CONTACT_IMPORT_MAX_BYTES,
  type ContactList,
  type ContactListEvent,
  type ContactListItem,
  type ContactListItemEvent,
} from '@atende/plugin-campaigns-contract';

/** The server's order for both lists and items: by name, then id. */
const byName = <T extends { id: number; name: string }>(a: T, b: T) => a.name.localeCompare(b.name) || a.id - b.id;

/** How a live list event changes the tab's rows; a record outside the current search stays out. */
export function applyListEvent(rows: ContactList[], e: ContactListEvent, search: string): ContactList[] {
  if (e.action === 'delete') return rows.filter((r) => r.id !== e.id);
  const others = rows.filter((r) => r.id !== e.record.id);
  return matchesList(e.record, search) ? [...others, e.record].sort(byName) : others;
}

export function matchesList(l: ContactList, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || l.name.toLowerCase().includes(q);
}

/**
 * How a live item event changes the items page of one list: 'reload' when the page must be read again
 * (an upload, a batch of WhatsApp checks), otherwise the new rows.
 */
export function applyItemEvent(rows: ContactListItem[], e: ContactListItemEvent, listId: number, search: string): ContactListItem[] | 'reload' {
  if (e.action === 'reload') return e.contactListId === listId ? 'reload' : rows;
  if (e.action === 'delete') return rows.filter((r) => r.id !== e.id);
  const others = rows.filter((r) => r.id !== e.record.id);
  // An item moved to another list leaves this one.
  if (e.record.contactListId !== listId || !matchesItem(e.record, search)) return others;
  return [...others, e.record].sort(byName);
}

/** The server's search: the name, or the number when the text has digits. */
export function matchesItem(i: ContactListItem, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const digits = q.replace(/\D/g, '');
  return i.name.toLowerCase().includes(q) || (digits !== '' && i.number.includes(digits));
}

/** Whether a picked file may be sent: 'type' for another extension, 'size' past 5 MB (the server checks again, bytes included). */
export function checkSheet(file: { name: string; size: number }): 'type' | 'size' | null {
  const name = file.name.toLowerCase();
  if (!CONTACT_IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'type';
  return file.size > CONTACT_IMPORT_MAX_BYTES ? 'size' : null;
}

/** The MIME type to send a sheet as (browsers leave it empty on some systems). */
export const sheetType = (name: string) =>
  name.toLowerCase().endsWith('.xls') ? 'application/vnd.ms-excel' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 0..100 for the progress bar: the upload is the first 30 %, the server's rows the rest. */
export function importPercent(state: { uploaded: number; processed: number; total: number }): number {
  const rows = state.total > 0 ? state.processed / state.total : 0;
  return Math.round(Math.min(1, state.uploaded) * 30 + Math.min(1, rows) * 70);
}

/**
 * One problem per column of a refused row, as the importer should read it: the validator may stack
 * several issues on one field ("required; too short" for a number "abc"), the first one stands; a
 * number that was written but has no digit at all is "not a phone number", whatever the validator said.
 */
export function importProblems(e: { number: string; errors: { path: string; message: string }[] }): { path: string; message: string }[] {
  const seen = new Set<string>();
  const out: { path: string; message: string }[] = [];
  for (const d of e.errors) {
    if (seen.has(d.path)) continue;
    seen.add(d.path);
    const notDigits = d.path === 'number' && d.message !== 'duplicated' && e.number.trim() !== '' && !/\d/.test(e.number);
    out.push({ path: d.path, message: notDigits ? 'not_a_number' : d.message });
  }
  return out;
}
