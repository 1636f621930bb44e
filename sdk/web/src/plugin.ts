import type { ComponentType } from 'react';
import type { PluginRoute, PluginSettingsTab } from '@atende/core-contract';
import type { Locales } from './i18n.js';
import type { WebPluginWidget } from './zones.js';
import type { PluginErrorTexts } from './errors.js';

type Lazy<P = object> = () => Promise<{ default: ComponentType<P> }>;

/** A page of a remote: the path (as the server manifest names it) and its lazy component. */
export interface WebPluginRoute {
  /** Must match a route path of the server manifest (`/helps`, `/helps/:id`). */
  path: string;
  load: Lazy;
}

/** A settings tab of a remote: its key (as the server manifest names it) and its lazy component. */
export interface WebPluginSettingsTab {
  /** Must match a settings tab key of the server manifest. */
  key: string;
  load: Lazy;
}

/** How the drawer shows one of the plugin's menu entries (the entry itself comes from the server manifest). */
export interface WebPluginMenuEntry {
  /** The entry's path in the server manifest. */
  path: string;
  /** The entry's icon (else the server manifest's `icon` name, else a generic one). */
  icon?: ComponentType;
  /** A hook giving the number shown beside the entry (0 hides it); it may use `useRealtime` to stay live. */
  useBadge?: () => number;
}

/**
 * A remote's definition as the shell reads it. Plugins do not write `routes` or `settingsTabs`: they
 * give `pages` and `tabs` by the names of their manifest (defineWebPlugin), the one way (issue 29 item 6).
 */
export interface WebPluginDefinition {
  id: string;
  routes?: WebPluginRoute[];
  settingsTabs?: WebPluginSettingsTab[];
  widgets?: WebPluginWidget[];
  menu?: WebPluginMenuEntry[];
  /** Texts under the plugin's namespace (its id); `useT(id)` reads them. */
  locales?: Locales;
  /** The plugin's error codes with their texts (es required): the error toast shows them like the kernel's. */
  errors?: PluginErrorTexts;
}

/**
 * What a plugin remote exposes as './plugin'. Which routes, menu entries and tabs a user may see comes
 * from the server manifest (`GET /api/plugins`); this only says how to render them.
 *
 * With the manifest its contract package declares (`definePluginManifest`), pages and tabs are given by
 * name (`pages: { list: () => import('./ListPage.js') }`): TypeScript checks the names, and the paths
 * and keys come from the manifest, so server and web never repeat one.
 */
export function defineWebPlugin<const P extends Record<string, PluginRoute> = Record<never, PluginRoute>, const T extends Record<string, PluginSettingsTab> = Record<never, PluginSettingsTab>>(
  definition: Omit<WebPluginDefinition, 'routes' | 'settingsTabs'> & ({ manifest?: undefined } | { manifest: { pages: P; tabs: T }; pages: { [K in keyof P]: Lazy }; tabs?: { [K in keyof T]: Lazy } }),
): WebPluginDefinition {
  const { manifest, pages, tabs, ...rest } = definition as Omit<WebPluginDefinition, 'routes' | 'settingsTabs'> & {
    manifest?: { pages: Record<string, PluginRoute>; tabs: Record<string, PluginSettingsTab> };
    pages?: Record<string, Lazy>;
    tabs?: Record<string, Lazy>;
  };
  if ('routes' in rest || 'settingsTabs' in rest) {
    throw new Error(`Plugin "${rest.id}": give pages and tabs by the names of the manifest (defineWebPlugin({ manifest, pages, tabs })), not as routes or settingsTabs.`);
  }
  if (!manifest) return rest;
  return {
    ...rest,
    routes: Object.entries(pages ?? {}).map(([name, load]) => ({ path: manifest.pages[name].path, load })),
    settingsTabs: Object.entries(tabs ?? {}).map(([name, load]) => ({ key: manifest.tabs[name].key, load })),
  };
}
