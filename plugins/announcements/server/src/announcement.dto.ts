import type { Announcement } from '@atende/plugin-announcements-contract';
import type { AnnouncementRow } from './announcement.entity.js';

/** The API's shape: the image by this plugin's own route, never the Media port's url. */
export const toDto = (a: AnnouncementRow): Announcement => ({
  id: a.id,
  title: a.title,
  text: a.text,
  priority: a.priority,
  status: a.status,
  mediaPath: a.mediaUrl ? `/announcements/${a.id}/media` : null,
  mediaName: a.mediaName ?? null,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});
