import { z } from 'zod';
import { definePluginManifest, endpoint } from '@atende/core-contract';

/** Who may do what in this plugin; the server enforces it and the web hides what the server refuses. */
export const AI_PERMISSIONS = {
  'ai:read': ['user', 'supervisor', 'admin', 'super'],
  'ai:write': ['admin', 'super'],
} as const;

/** Declared once for both sides: the server's manifest and the web remote's pages read it. */
export const AI_MANIFEST = definePluginManifest({
  pages: { list: { path: '/ai', permission: 'ai:read' } },
  menu: [{ page: 'list', icon: 'api', permission: 'ai:read', label: { es: 'Ai', pt: 'Ai', en: 'Ai' } }],
});

export const itemSchema = z.object({ id: z.number().int(), title: z.string(), createdAt: z.string() });
export type Item = z.infer<typeof itemSchema>;

export const itemInputSchema = z.object({ title: z.string().trim().min(2, 'too_short').max(120, 'too_long') });
export type ItemInput = z.infer<typeof itemInputSchema>;

/**
 * The plugin's API, typed for the web's `call()`; the server test checks each one is served. The schemas
 * are types here (see plugins/helps/contract: with them in a module of their own and `"sideEffects":
 * false`, the web remote does not bundle zod).
 */
export const AI_ENDPOINTS = {
  list: endpoint<{ response: z.ZodArray<typeof itemSchema> }>()({ method: 'GET', path: '/ai' }),
  create: endpoint<{ body: typeof itemInputSchema; response: typeof itemSchema }>()({ method: 'POST', path: '/ai' }),
};
