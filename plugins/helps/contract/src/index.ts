import { definePluginManifest, endpoint } from '@atende/core-contract';
import type { z } from 'zod';
import type { Help, helpInputSchema, helpListQuerySchema, helpPageSchema, helpSchema, helpUpdateSchema } from './schemas.js';

export * from './video.js';
export * from './schemas.js';

/** Help videos are platform-wide: the super user edits them, every signed-in user reads them. */
export const HELPS_PERMISSIONS = {
  'helps:read': ['user', 'supervisor', 'admin', 'super'],
  'helps:write': ['super'],
} as const;

/** Declared once for both sides: the server's manifest and the web remote's pages read it. */
export const HELPS_MANIFEST = definePluginManifest({
  pages: { list: { path: '/helps', permission: 'helps:read' } },
  tabs: { manage: { key: 'helps', permission: 'helps:write', label: { es: 'Ayudas', pt: 'Ajudas', en: 'Helps' } } },
  menu: [{ page: 'list', icon: 'question', permission: 'helps:read', label: { es: 'Ayuda', pt: 'Ajuda', en: 'Help' } }],
  // The help videos: YouTube's thumbnails and its privacy-enhanced player (added to the shell's CSP).
  csp: { 'img-src': ['https://i.ytimg.com'], 'frame-src': ['https://www.youtube-nocookie.com'] },
});

export const HELPS_PAGE_SIZE = 20;
export const HELP_EVENT = 'help';
export type HelpEvent = { action: 'create' | 'update'; record: Help } | { action: 'delete'; id: number };

/** The helps API, typed for the web remote's `call()`; the server's routes are checked against it. */
export const HELP_ENDPOINTS = {
  page: endpoint<{ query: typeof helpListQuerySchema; response: typeof helpPageSchema }>()({ method: 'GET', path: '/helps' }),
  list: endpoint<{ response: z.ZodArray<typeof helpSchema> }>()({ method: 'GET', path: '/helps/list' }),
  create: endpoint<{ body: typeof helpInputSchema; response: typeof helpSchema }>()({ method: 'POST', path: '/helps' }),
  update: endpoint<{ body: typeof helpUpdateSchema; response: typeof helpSchema }>()({ method: 'PUT', path: '/helps/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/helps/:id' }),
};
