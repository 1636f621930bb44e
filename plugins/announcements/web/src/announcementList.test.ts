import { describe, expect, it } from 'vitest';
import type { Announcement } from '@atende/plugin-announcements-contract';
import { applyEvent, matchesSearch } from './announcementList.js';
import { bannerOf, dismissedKey, loadSeen, markAll, saveSeen, seenKey, unreadCount, type ReadStorage } from './readState.js';

const a = (id: number, priority = 3, updatedAt = '2026-01-01T00:00:00.000Z', status = true): Announcement => ({
  id,
  title: `T${id}`,
  text: `text ${id}`,
  priority,
  status,
  mediaPath: null,
  mediaName: null,
  createdAt: updatedAt,
  updatedAt,
});
const memory = (): ReadStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
};

describe('announcement list', () => {
  it('adds, replaces and removes records by live event, ordered by priority then newest', () => {
    let list = [a(1, 3)];
    list = applyEvent(list, { action: 'create', record: a(2, 1) });
    list = applyEvent(list, { action: 'create', record: a(3, 3) });
    expect(list.map((x) => x.id)).toEqual([2, 3, 1]);
    list = applyEvent(list, { action: 'update', record: { ...a(1, 1), title: 'new' } });
    expect(list.map((x) => x.id)).toEqual([2, 1, 3]);
    expect(list[1].title).toBe('new');
    expect(applyEvent(list, { action: 'delete', id: 2 }).map((x) => x.id)).toEqual([1, 3]);
  });

  it('matches the search in title or text, case-insensitively', () => {
    expect(matchesSearch(a(5), '')).toBe(true);
    expect(matchesSearch(a(5), 'TEXT 5')).toBe(true);
    expect(matchesSearch(a(5), 't5')).toBe(true);
    expect(matchesSearch(a(5), 'other')).toBe(false);
  });
});

describe('read state', () => {
  it('counts unread ones, marks all read, and counts an edited one as unread again', () => {
    const active = [a(1), a(2, 1)];
    expect(unreadCount(active, {})).toBe(2);
    const seen = markAll(active, {});
    expect(unreadCount(active, seen)).toBe(0);
    expect(unreadCount([a(1, 3, '2026-02-01T00:00:00.000Z'), a(2, 1)], seen)).toBe(1);
  });

  it('keeps marks per user and company, only for listed announcements', () => {
    const s = memory();
    expect(seenKey(1, 2)).not.toBe(seenKey(1, 3));
    expect(seenKey(1, 2)).not.toBe(seenKey(4, 2));
    expect(dismissedKey(1, 2)).not.toBe(seenKey(1, 2));
    saveSeen(s, seenKey(1, 2), { 1: 'x', 99: 'y' }, [a(1)]);
    expect(loadSeen(s, seenKey(1, 2))).toEqual({ 1: 'x' });
    expect(loadSeen(s, seenKey(1, 3))).toEqual({});
    s.data.set('bad', '[1,2]');
    expect(loadSeen(s, 'bad')).toEqual({});
    s.data.set('bad', '{');
    expect(loadSeen(s, 'bad')).toEqual({});
  });

  it('shows high-priority ones as a banner until closed', () => {
    const active = [a(1, 1), a(2, 2), a(3, 1)];
    expect(bannerOf(active, {}).map((x) => x.id)).toEqual([1, 3]);
    expect(bannerOf(active, markAll([a(1, 1)], {})).map((x) => x.id)).toEqual([3]);
  });
});
