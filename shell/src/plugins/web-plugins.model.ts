import { createEvent, createStore } from 'effector';
import { sessionEnded, type WebPluginDefinition } from '@atende/sdk-web';

/** A plugin's remote has loaded: what it renders (menu icons and badges are read from here). */
export const webPluginLoaded = createEvent<WebPluginDefinition>();

/** The loaded plugin definitions of this session, by plugin id. */
export const $webPlugins = createStore<Record<string, WebPluginDefinition>>({})
  .on(webPluginLoaded, (all, d) => ({ ...all, [d.id]: d }))
  .reset(sessionEnded);

/** A plugin's remote was refused: it needs versions of shared packages the shell does not run. */
export interface RemoteRefusal {
  pluginId: string;
  unmet: { package: string; needs: string; has: string | null }[];
}
export const remoteRefused = createEvent<RemoteRefusal>();

/** The refusals of this session, by plugin id (RemoteRefusalNotices shows each once). */
export const $refusedRemotes = createStore<Record<string, RemoteRefusal>>({})
  .on(remoteRefused, (all, r) => ({ ...all, [r.pluginId]: r }))
  .reset(sessionEnded);
