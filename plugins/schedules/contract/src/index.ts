import { definePluginManifest, endpoint, type blobResponse, type formDataBody } from '@atende/core-contract';
import type { scheduleInputSchema, scheduleListQuerySchema, schedulePageSchema, scheduleSchema, scheduleUpdateSchema, Schedule } from './schemas.js';

export * from './schemas.js';

/**
 * Schedules belong to the company: every user of it sees and writes them (the reference shows the
 * company's whole calendar to every agent). The plan flag `useSchedules` switches the plugin on.
 */
export const SCHEDULES_PERMISSIONS = {
  'schedules:read': ['user', 'supervisor', 'admin', 'super'],
  'schedules:write': ['user', 'supervisor', 'admin', 'super'],
} as const;

export const SCHEDULES_MANIFEST = definePluginManifest({
  pages: { list: { path: '/schedules', permission: 'schedules:read' } },
  menu: [{ page: 'list', icon: 'calendar', permission: 'schedules:read', label: { es: 'Agendamientos', pt: 'Agendamentos', en: 'Schedules' } }],
  // A hidden host in the ticket header keeps the modal mounted when the options menu closes.
  zones: ['ticket.options.menu', 'ticket.header.actions'],
});

/** Page size of the list (the spec names none; 50 like the other lists of this document). */
export const SCHEDULES_PAGE_SIZE = 50;
/** Attachments: png, jpg, jpeg only (automation-productivity §4), checked by type, extension and bytes. */
export const SCHEDULE_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;
export const SCHEDULE_MEDIA_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
export const SCHEDULE_MEDIA_MAX_BYTES = 5 * 1024 * 1024;

/** Company-scoped live updates (automation-productivity §7 Realtime). */
export const SCHEDULE_EVENT = 'schedule';
export type ScheduleEvent = { action: 'create' | 'update'; schedule: Schedule } | { action: 'delete'; scheduleId: number };

/** The schedules API, typed for the web's `call()`; the server test checks each one is served. */
export const SCHEDULE_ENDPOINTS = {
  page: endpoint<{ query: typeof scheduleListQuerySchema; response: typeof schedulePageSchema }>()({ method: 'GET', path: '/schedules' }),
  show: endpoint<{ response: typeof scheduleSchema }>()({ method: 'GET', path: '/schedules/:id' }),
  create: endpoint<{ body: typeof scheduleInputSchema; response: typeof scheduleSchema }>()({ method: 'POST', path: '/schedules' }),
  update: endpoint<{ body: typeof scheduleUpdateSchema; response: typeof scheduleSchema }>()({ method: 'PUT', path: '/schedules/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/schedules/:id' }),
  upload: endpoint<{ body: typeof formDataBody; response: typeof scheduleSchema }>()({ method: 'POST', path: '/schedules/:id/media-upload' }),
  removeMedia: endpoint<{ response: typeof scheduleSchema }>()({ method: 'DELETE', path: '/schedules/:id/media-upload' }),
  media: endpoint<{ response: typeof blobResponse }>()({ method: 'GET', path: '/schedules/:id/media', blob: true }),
};
