import { definePluginManifest, endpoint } from '@atende/core-contract';
import type { kanbanPageSchema, kanbanQuerySchema, kanbanTagsSchema, ticketLaneSchema } from './schemas.js';

export * from './schemas.js';

/**
 * The kanban board (automation-productivity §2 "Kanban"), offered to plans with `useKanban`. Everyone
 * who works tickets sees the board and moves the cards of the tickets they may see; which tags are lanes
 * stays the tags' `kanban` flag (admins and supervisors set it, kernel permission `tags:kanban-toggle`).
 */
export const KANBAN_PERMISSIONS = {
  'kanban:read': ['user', 'supervisor', 'admin', 'super'],
  'kanban:move': ['user', 'supervisor', 'admin', 'super'],
} as const;

export const KANBAN_MANIFEST = definePluginManifest({
  pages: { board: { path: '/kanban', permission: 'kanban:read' } },
  menu: [{ page: 'board', icon: 'kanban', permission: 'kanban:read', label: { es: 'Kanban', pt: 'Kanban', en: 'Kanban' } }],
});

/** Cards per lane page. */
export const KANBAN_LANE_PAGE = 40;
/** Card text is cut at this many characters (§9). */
export const KANBAN_TEXT_MAX = 50;

/** The kanban API, typed for the web's `call()`; the server's routes are checked against it. */
export const KANBAN_ENDPOINTS = {
  tickets: endpoint<{ query: typeof kanbanQuerySchema; response: typeof kanbanPageSchema }>()({ method: 'GET', path: '/ticket/kanban' }),
  lanes: endpoint<{ response: typeof kanbanTagsSchema }>()({ method: 'GET', path: '/tags/kanban' }),
  move: endpoint<{ response: typeof ticketLaneSchema }>()({ method: 'PUT', path: '/ticket-tags/:ticketId/:tagId' }),
  clear: endpoint<{ response: typeof ticketLaneSchema }>()({ method: 'DELETE', path: '/ticket-tags/:ticketId' }),
};
