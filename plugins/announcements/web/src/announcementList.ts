import type { Announcement, AnnouncementEvent } from '@atende/plugin-announcements-contract';

/** The server's order: priority first (1 high), then newest. */
export const byPriority = (a: Announcement, b: Announcement) => a.priority - b.priority || b.id - a.id;

/** How a live event changes a list (add, replace or remove a record, commercial-admin §7). */
export function applyEvent(list: Announcement[], e: AnnouncementEvent): Announcement[] {
  if (e.action === 'delete') return list.filter((a) => a.id !== e.id);
  return [...list.filter((a) => a.id !== e.record.id), e.record].sort(byPriority);
}

/** Kept with the list page's search: a live record that does not match it stays out. */
export function matchesSearch(a: Announcement, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || a.title.toLowerCase().includes(q) || a.text.toLowerCase().includes(q);
}
