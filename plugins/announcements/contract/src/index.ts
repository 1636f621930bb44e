import { definePluginManifest, endpoint, type blobResponse, type formDataBody } from '@atende/core-contract';
import type { announcementInputSchema, announcementListQuerySchema, announcementPageSchema, announcementSchema, announcementUpdateSchema, Announcement } from './schemas.js';

export * from './schemas.js';

/**
 * Announcements are platform-wide: the platform's super users write them, every signed-in user of every
 * company reads the active ones (commercial-admin §6; the kernel's `toPlatform` names them). They hold
 * no company's data, so nothing of one company reaches another. No plan flag: the plan entity has none
 * for them (commercial-admin §3, ARCHITECTURE "announcements … have no flag").
 */
export const ANNOUNCEMENTS_PERMISSIONS = {
  'announcements:read': ['user', 'supervisor', 'admin', 'super'],
  'announcements:write': ['super'],
} as const;

/**
 * The page is listed to everyone so a non-super user who opens /announcements gets the spec's info
 * toast and goes home after 1 s (commercial-admin §6) instead of "not found"; the drawer entry, the
 * page's content and every write are for super users only.
 */
export const ANNOUNCEMENTS_MANIFEST = definePluginManifest({
  pages: { list: { path: '/announcements', permission: 'announcements:read' } },
  menu: [{ page: 'list', icon: 'notification', permission: 'announcements:write', label: { es: 'Informativos', pt: 'Informativos', en: 'Announcements' } }],
  zones: ['layout.header'],
});

export const ANNOUNCEMENTS_PAGE_SIZE = 50;
/** Attachments: png, jpg, jpeg only (commercial-admin §5), checked by type, extension and bytes. */
export const ANNOUNCEMENT_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;
export const ANNOUNCEMENT_MEDIA_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Live updates. `announcement` goes to every signed-in user and carries active announcements only (one
 * turned inactive is a `delete` for readers); `announcement-admin` goes to super users with every record.
 */
export const ANNOUNCEMENT_EVENT = 'announcement';
export const ANNOUNCEMENT_ADMIN_EVENT = 'announcement-admin';
export type AnnouncementEvent = { action: 'create' | 'update'; record: Announcement } | { action: 'delete'; id: number };

/** The announcements API, typed for the web's `call()`; the server's routes are checked against it. */
export const ANNOUNCEMENT_ENDPOINTS = {
  page: endpoint<{ query: typeof announcementListQuerySchema; response: typeof announcementPageSchema }>()({ method: 'GET', path: '/announcements' }),
  show: endpoint<{ response: typeof announcementSchema }>()({ method: 'GET', path: '/announcements/:id' }),
  create: endpoint<{ body: typeof announcementInputSchema; response: typeof announcementSchema }>()({ method: 'POST', path: '/announcements' }),
  update: endpoint<{ body: typeof announcementUpdateSchema; response: typeof announcementSchema }>()({ method: 'PUT', path: '/announcements/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/announcements/:id' }),
  upload: endpoint<{ body: typeof formDataBody; response: typeof announcementSchema }>()({ method: 'POST', path: '/announcements/:id/media-upload' }),
  removeMedia: endpoint<{ response: typeof announcementSchema }>()({ method: 'DELETE', path: '/announcements/:id/media-upload' }),
  media: endpoint<{ response: typeof blobResponse }>()({ method: 'GET', path: '/announcements/:id/media', blob: true }),
};
