import { z } from 'zod';
import { definePluginManifest, endpoint } from '@atende/core-contract';

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
});

/** A YouTube video id or a full YouTube URL reduced to its id. */
export const VIDEO_CODE_PATTERN = /^[A-Za-z0-9_-]{6,32}$/;

export function extractVideoCode(input: string): string {
  const value = input.trim();
  const url = /(?:youtu\.be\/|youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/))([A-Za-z0-9_-]{6,32})/.exec(value);
  return url ? url[1] : value;
}

export const helpSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  video: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Help = z.infer<typeof helpSchema>;

const titleSchema = z.string().trim().min(2, 'too_short').max(120, 'too_long');
const videoSchema = z
  .string()
  .trim()
  .transform(extractVideoCode)
  .pipe(z.string().regex(VIDEO_CODE_PATTERN, 'invalid_video'));
const descriptionSchema = z.string().trim().max(2000, 'too_long');

export const helpInputSchema = z.object({
  title: titleSchema,
  video: videoSchema,
  description: descriptionSchema.default(''),
});
/** PUT /helps/{id}: partial, an omitted field keeps its value (no fall-back to the create default). */
export const helpUpdateSchema = z.object({
  title: titleSchema.optional(),
  video: videoSchema.optional(),
  description: descriptionSchema.optional(),
});
export type HelpInput = z.input<typeof helpInputSchema>;
export type HelpUpdate = z.infer<typeof helpUpdateSchema>;

export const helpListQuerySchema = z.object({
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
});

export const helpPageSchema = z.object({ records: z.array(helpSchema), count: z.number().int(), hasMore: z.boolean() });
export type HelpPage = z.infer<typeof helpPageSchema>;

export const HELPS_PAGE_SIZE = 20;
export const HELP_EVENT = 'help';
export type HelpEvent = { action: 'create' | 'update'; record: Help } | { action: 'delete'; id: number };

/** The helps API, typed for the web remote's `call()`; the server's routes are checked against it. */
export const HELP_ENDPOINTS = {
  page: endpoint({ method: 'GET', path: '/helps', query: helpListQuerySchema, response: helpPageSchema }),
  list: endpoint({ method: 'GET', path: '/helps/list', response: z.array(helpSchema) }),
  create: endpoint({ method: 'POST', path: '/helps', body: helpInputSchema, response: helpSchema }),
  update: endpoint({ method: 'PUT', path: '/helps/:id', body: helpUpdateSchema, response: helpSchema }),
  remove: endpoint({ method: 'DELETE', path: '/helps/:id' }),
};
