import { FILE_MEDIA_RULES, type FileEvent, type FileList } from '@atende/plugin-files-contract';

/** The server's order: by name, then id. */
export const byName = (a: FileList, b: FileList) => a.name.localeCompare(b.name) || a.id - b.id;

/** How a live event changes the page's list (add, replace or remove a record). */
export function applyEvent(list: FileList[], e: FileEvent): FileList[] {
  if (e.action === 'delete') return list.filter((f) => f.id !== e.id);
  return [...list.filter((f) => f.id !== e.record.id), e.record].sort(byName);
}

/** Kept with the page's search: a live record that does not match it stays out. */
export function matchesSearch(f: FileList, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || f.name.toLowerCase().includes(q);
}

type Rules = Record<string, { extensions: readonly string[]; maxBytes: number }>;
const rules = FILE_MEDIA_RULES as Rules;

/**
 * The type to send a picked file as: the browser's when it is one the lists take, otherwise the one its
 * extension names (browsers give some files no type, or another name for it, e.g. audio/opus).
 */
export function mediaTypeOf(file: { name: string; type: string }): string | null {
  const name = file.name.toLowerCase();
  const declared = file.type.toLowerCase();
  if (rules[declared]?.extensions.some((e) => name.endsWith(e))) return declared;
  return Object.keys(rules).find((type) => rules[type].extensions.some((e) => name.endsWith(e))) ?? null;
}

/**
 * Whether a picked file may go: 'type' when its extension is not taken, 'size' past its type's limit
 * (`limitMb` says which). The server checks type, extension and bytes again; this only spares a
 * useless upload.
 */
export function checkFile(file: { name: string; type: string; size: number }): { problem: 'type' | 'size'; limitMb: number } | null {
  const type = mediaTypeOf(file);
  if (!type) return { problem: 'type', limitMb: 0 };
  const { maxBytes } = rules[type];
  if (file.size > maxBytes) return { problem: 'size', limitMb: maxBytes / (1024 * 1024) };
  return null;
}

/** The `/api/media/…` path the server gives, as the web client's path (it adds /api itself). */
export const clientPath = (path: string) => path.replace(/^\/api(?=\/)/, '');
