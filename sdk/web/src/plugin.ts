import type { ComponentType } from 'react';
import type { Locales } from './i18n.js';
import type { WebPluginWidget } from './zones.js';
import type { PluginErrorTexts } from './errors.js';

type Lazy<P = object> = () => Promise<{ default: ComponentType<P> }>;

export interface WebPluginRoute {
  /** Must match a route path of the server manifest (`/helps`, `/helps/:id`). */
  path: string;
  load: Lazy;
}

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
 */
export function defineWebPlugin<T extends WebPluginDefinition>(definition: T): T {
  return definition;
}
