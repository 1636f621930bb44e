import { useCallback, useEffect, useState } from 'react';
import { call, useRealtime, useRealtimeReconnected } from '@atende/sdk-web';
import { ANNOUNCEMENT_ENDPOINTS, ANNOUNCEMENT_EVENT, type Announcement, type AnnouncementEvent } from '@atende/plugin-announcements-contract';
import { applyEvent } from './announcementList.js';

/** Pages the bell reads at most (50 each). */
const MAX_PAGES = 10;

/**
 * The active announcements every user reads (highest priority first), kept live by the platform-wide
 * `announcement` event, which carries active ones only; read again when the socket comes back (events
 * sent while it was down are lost).
 */
export function useActiveAnnouncements() {
  const [items, setItems] = useState<Announcement[]>([]);
  const load = useCallback(async () => {
    try {
      // Super users are answered inactive ones too (they manage them), so one page may hide active ones:
      // pages are read on (up to MAX_PAGES) and the bell keeps the active ones.
      const active: Announcement[] = [];
      for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
        const page = await call(ANNOUNCEMENT_ENDPOINTS.page, { query: { pageNumber } });
        active.push(...page.records.filter((a) => a.status));
        if (!page.hasMore) break;
      }
      setItems(active);
    } catch {
      /* the bell stays as it was; the header must never show an error for it */
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useRealtime<AnnouncementEvent>(ANNOUNCEMENT_EVENT, (e) => setItems((list) => applyEvent(list, e)));
  useRealtimeReconnected(() => void load());
  return items;
}
