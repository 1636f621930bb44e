import { createEffect, createStore, sample } from 'effector';
import type { PluginManifest } from '@atende/core-contract';
import { api, sessionEnded, widgetsKeptFor } from '@atende/sdk-web';
import { loadWidgetPlugins } from './remote-loader.js';

export const fetchPluginsFx = createEffect(() => api.get<PluginManifest[]>('/plugins'));

/** The manifests of the plugins the signed-in user may use; null until loaded. */
export const $plugins = createStore<PluginManifest[] | null>(null)
  .on(fetchPluginsFx.doneData, (_, list) => list)
  .reset(sessionEnded);
export const $pluginsError = createStore<boolean>(false)
  .on(fetchPluginsFx.fail, () => true)
  .reset(fetchPluginsFx, sessionEnded);

/** Every plugin with widgets loads as soon as the session knows its plugins (not when a page opens). */
export const loadWidgetPluginsFx = createEffect(loadWidgetPlugins);
sample({ clock: fetchPluginsFx.doneData, target: loadWidgetPluginsFx });
// A plugin the list no longer gives zones (the company expired, its plan lost the flag) takes its widgets away.
sample({ clock: fetchPluginsFx.doneData, fn: (list) => list.filter((m) => !m.locked && m.zones.length).map((m) => m.id), target: widgetsKeptFor });

/** The plugins' public pages (an OAuth callback, say): known before anyone signs in. */
// At most 5 s: the routes wait for this list (a public page must not be sent to /login first).
export const fetchPublicPluginsFx = createEffect(() => api.get<PluginManifest[]>('/plugins/public', { signal: AbortSignal.timeout(5000) }));
export const $publicPlugins = createStore<PluginManifest[]>([]).on(fetchPublicPluginsFx.doneData, (_, list) => list);
/** The public list has answered (or failed): until then no route is decided, so a public page is not sent to /login. */
export const $publicPluginsKnown = createStore(false).on(fetchPublicPluginsFx.finally, () => true);
