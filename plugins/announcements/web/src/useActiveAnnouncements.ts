import { useCallback, useEffect, useState } from 'react';
import { call, useRealtime } from '@atende/sdk-web';
import { ANNOUNCEMENT_ENDPOINTS, ANNOUNCEMENT_EVENT, type Announcement, type AnnouncementEvent } from '@atende/plugin-announcements-contract';
import { applyEvent } from './announcementList.js';

/**
 * The active announcements every user reads (the first page: 50, highest priority first), kept live
 * by the platform-wide `announcement` event, which carries active ones only.
 */
export function useActiveAnnouncements() {
  const [items, setItems] = useState<Announcement[]>([]);
  const load = useCallback(async () => {
    try {
      const page = await call(ANNOUNCEMENT_ENDPOINTS.page, { query: { pageNumber: 1 } });
      // Super users are answered inactive ones too (they manage them): the bell shows active ones only.
      setItems(page.records.filter((a) => a.status));
    } catch {
      /* the bell stays empty; the header must never show an error for it */
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useRealtime<AnnouncementEvent>(ANNOUNCEMENT_EVENT, (e) => setItems((list) => applyEvent(list, e)));
  return items;
}
