import type { Announcement } from '@atende/plugin-announcements-contract';

/**
 * What the user has already seen (opened in the bell) and which banners they closed, kept in this
 * browser per user and company. An announcement edited after it was seen counts as unread again.
 */
export type ReadStorage = Pick<Storage, 'getItem' | 'setItem'>;
/** id → updatedAt when seen (or closed). */
export type SeenMap = Record<string, string>;

export const seenKey = (companyId: number, userId: number) => `atende:announcements:seen:${companyId}:${userId}`;
export const dismissedKey = (companyId: number, userId: number) => `atende:announcements:dismissed:${companyId}:${userId}`;

export function loadSeen(storage: ReadStorage, key: string): SeenMap {
  try {
    const v: unknown = JSON.parse(storage.getItem(key) ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as SeenMap) : {};
  } catch {
    return {};
  }
}

/** Stores the marks of the announcements still listed only, so the map never grows without end. */
export function saveSeen(storage: ReadStorage, key: string, seen: SeenMap, active: Announcement[]): void {
  const kept = Object.fromEntries(active.filter((a) => seen[a.id]).map((a) => [a.id, seen[a.id]]));
  try {
    storage.setItem(key, JSON.stringify(kept));
  } catch {
    /* storage refused: the marks last for this page only */
  }
}

export const isUnread = (a: Announcement, seen: SeenMap) => seen[a.id] !== a.updatedAt;
export const unreadCount = (active: Announcement[], seen: SeenMap) => active.filter((a) => isUnread(a, seen)).length;
export const markAll = (active: Announcement[], seen: SeenMap): SeenMap => ({ ...seen, ...Object.fromEntries(active.map((a) => [a.id, a.updatedAt])) });

/** High-priority (1) announcements shown as a banner, until the user closes each one. */
export const bannerOf = (active: Announcement[], dismissed: SeenMap) => active.filter((a) => a.priority === 1 && a.status && isUnread(a, dismissed));
