import { z } from 'zod';

/** Text in the three interface languages; es is required because it is the fallback. */
export const localizedTextSchema = z.object({ es: z.string(), pt: z.string().optional(), en: z.string().optional() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const pluginMenuItemSchema = z.object({
  path: z.string().startsWith('/'),
  label: localizedTextSchema,
  icon: z.string().optional(),
  permission: z.string().optional(),
});
export type PluginMenuItem = z.infer<typeof pluginMenuItemSchema>;

export const pluginRouteSchema = z.object({ path: z.string().startsWith('/'), permission: z.string().optional() });
export type PluginRoute = z.infer<typeof pluginRouteSchema>;

export const pluginSettingsTabSchema = z.object({
  key: z.string(),
  label: localizedTextSchema,
  permission: z.string().optional(),
});
export type PluginSettingsTab = z.infer<typeof pluginSettingsTabSchema>;

/** What `GET /api/plugins` returns for each plugin the signed-in user's company may use. */
export const pluginManifestSchema = z.object({
  id: z.string(),
  version: z.string(),
  remoteEntry: z.string().nullable(),
  routes: z.array(pluginRouteSchema),
  menu: z.array(pluginMenuItemSchema),
  settingsTabs: z.array(pluginSettingsTabSchema),
  zones: z.array(z.string()),
});
export type PluginManifest = z.infer<typeof pluginManifestSchema>;
export const pluginListResponseSchema = z.array(pluginManifestSchema);

export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
