import { z } from 'zod';

/** Text in the three interface languages; es is required because it is the fallback. */
export const localizedTextSchema = z.object({ es: z.string(), pt: z.string().optional(), en: z.string().optional() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const pluginMenuItemSchema = z.object({
  path: z.string().startsWith('/'),
  label: localizedTextSchema,
  icon: z.string().optional(),
  permission: z.string().optional(),
  /**
   * The web remote gives this entry a live number (`useBadge`), so the remote loads at session start;
   * an entry without one shows its named icon and its remote loads only when one of its pages opens.
   */
  badge: z.boolean().optional(),
  /** `top`: the entry opens the drawer, before the workspace entries (the spec's drawer starts with the dashboard). */
  placement: z.enum(['top']).optional(),
});
export type PluginMenuItem = z.infer<typeof pluginMenuItemSchema>;

/** A route's first request: `/path/of/the/api?key=value&other=1`; letters, digits and URL punctuation, no `..` or `//`, no host. */
export const FIRST_REQUEST_PATTERN = /^(?!.*\.\.)(?!.*\/\/)\/[A-Za-z0-9\-_./]*(\?[A-Za-z0-9\-_.~%=&]*)?$/;

export const pluginRouteSchema = z.object({
  path: z.string().startsWith('/'),
  permission: z.string().optional(),
  /** Rendered without sign-in (an OAuth callback, say); listed by `GET /api/plugins/public`. Its API routes need `@Public()`. */
  public: z.boolean().optional(),
  /**
   * A popup's landing page that talks to the window that opened it (an OAuth callback posting the code
   * to its opener): served without Cross-Origin-Opener-Policy, so it keeps `window.opener` after the
   * provider's pages, and the other pages then allow their popups (`same-origin-allow-popups`).
   */
  opener: z.boolean().optional(),
  /** Rendered while the company's subscription is expired (a payment page); its API routes need `@AllowExpired()`. */
  allowExpired: z.boolean().optional(),
  /**
   * Rendered for companies whose plan lacks the plugin's flag too (a core page such as keywords, served
   * by a plan-gated plugin); its API routes need `@WithoutPlanFlag()`.
   */
  withoutPlanFlag: z.boolean().optional(),
  /** In `GET /api/plugins`: the company's plan lacks the flag this page needs (the shell says "no permission"). */
  locked: z.boolean().optional(),
  /**
   * The GETs this page makes first (its API path under /api and the query it sends, `/dashboard/figures?days=7`):
   * on a first visit of the page the shell starts them as soon as it knows the plugins, while the page's
   * code downloads, and the page's same `call` takes the answer (sdk-web's `prefetch`). At most 5.
   */
  firstRequests: z.array(z.string().max(300).regex(FIRST_REQUEST_PATTERN, 'an API path (and query) of this plugin: /path?key=value')).max(5).optional(),
});
export type PluginRoute = z.infer<typeof pluginRouteSchema>;

export const pluginSettingsTabSchema = z.object({
  key: z.string(),
  label: localizedTextSchema,
  permission: z.string().optional(),
});
export type PluginSettingsTab = z.infer<typeof pluginSettingsTabSchema>;

/**
 * The places in the shell's screens that plugins can fill (issue 12 item 1). The web SDK types each
 * one's context (`ZoneContexts` in @atende/sdk-web); a server manifest names the zones its remote fills.
 */
export const ZONE_NAMES = [
  'ticket.header.actions',
  'ticket.options.menu',
  'ticket.input.toolbar',
  'quickMessage.modal.attachments',
  'message.actions',
  'contact.drawer.sections',
  'connection.row.actions',
  'connections.page.actions',
  'connection.modal.fields',
  'queue.modal.tabs',
  'users.row.actions',
  'layout.header',
  'layout.drawer.footer',
  'dashboard.cards',
] as const;
export type ZoneName = (typeof ZONE_NAMES)[number];
export const zoneNameSchema = z.enum(ZONE_NAMES);

/** What `GET /api/plugins` returns for each plugin the signed-in user's company may use. */
export const pluginManifestSchema = z.object({
  id: z.string(),
  version: z.string(),
  remoteEntry: z.string().nullable(),
  /**
   * The @atende/sdk-web version the remote was built with (its `atende-remote.json`); the shell refuses
   * a remote its own SDK cannot serve (`sdkWebMismatch`). Null: no remote, or built without the stamp.
   */
  sdkWeb: z.string().nullable().optional(),
  routes: z.array(pluginRouteSchema),
  menu: z.array(pluginMenuItemSchema),
  settingsTabs: z.array(pluginSettingsTabSchema),
  zones: z.array(zoneNameSchema),
  /** Web extension points the remote contributes to: the shell loads it when a screen reads one (issue 30 item 6). */
  contributes: z.array(z.string()).optional(),
  /**
   * The company's plan lacks the plugin's flag: only its route paths are listed, so that opening one
   * says "no permission" and goes back (core-operations §6) instead of "not found".
   */
  locked: z.boolean(),
});
export type PluginManifest = z.infer<typeof pluginManifestSchema>;
export const pluginListResponseSchema = z.array(pluginManifestSchema);


export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
