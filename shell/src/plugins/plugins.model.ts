import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { PLUGIN_ENDPOINTS, type PluginManifest } from '@atende/core-contract';
import { $extensionPointsShown, $sessionGeneration, $zonesShown, call, extensionPointShown, sessionEnded, widgetsKeptFor, zoneShown } from '@atende/sdk-web';
import { loadWidgetPlugins, preloadPageRemote, widgetPluginsFor } from './remote-loader.js';
import { afterFirstContent, firstContentShown } from './first-content.js';

/** GET /plugins; its parameter is the session it was asked for (`$sessionGeneration`). */
export const fetchPluginListFx = createEffect((_generation: number) => call(PLUGIN_ENDPOINTS.list));
export const fetchPluginsFx = attach({ source: $sessionGeneration, mapParams: (_: void, generation) => generation, effect: fetchPluginListFx });
// An answer (or failure) for a session that has ended since is dropped: a list asked for before a
// sign-out must not become the next user's plugins.
const pluginsFetched = sample({
  clock: fetchPluginListFx.done,
  source: $sessionGeneration,
  filter: (now, { params }) => params === now,
  fn: (_, { result }) => result,
});
const pluginsFailed = sample({ clock: fetchPluginListFx.fail, source: $sessionGeneration, filter: (now, { params }) => params === now });

/** The manifests of the plugins the signed-in user may use; null until loaded. */
export const $plugins = createStore<PluginManifest[] | null>(null)
  .on(pluginsFetched, (_, list) => list)
  .reset(sessionEnded);
export const $pluginsError = createStore<boolean>(false)
  .on(pluginsFailed, () => true)
  .reset(fetchPluginsFx, sessionEnded);

/**
 * Plugins with a badge load as soon as the session knows its plugins, plugins with widgets once one of
 * their zones is on screen (widgetPluginsFor); each plugin list starts them again.
 */
// Not before the first screen's content shows (first-content.ts): none of them is needed to draw it.
// On a plugin's page, not before that page's remote has loaded either (it is the first content).
let pluginPage = false;
export const loadWidgetPluginsFx = createEffect(async (list: PluginManifest[]) => {
  await afterFirstContent(10_000, location.pathname, pluginPage);
  return loadWidgetPlugins(list);
});
pluginsFetched.watch((list) => {
  const pageRemote = preloadPageRemote(list, location.pathname);
  pluginPage = pageRemote !== undefined;
  // A page whose remote cannot load is never shown: the widgets do not wait for it.
  void pageRemote?.then((loaded) => loaded || firstContentShown());
});
const widgetPluginsStarted = createEvent<PluginManifest[]>();
/** The plugins started for the current list. */
const $started = createStore<string[]>([])
  .on(widgetPluginsStarted, (ids, started) => [...ids, ...started.map((m) => m.id)])
  .reset(pluginsFetched, sessionEnded);
sample({ clock: pluginsFetched, source: { zones: $zonesShown, points: $extensionPointsShown }, fn: ({ zones, points }, list) => widgetPluginsFor(list, zones, points), target: widgetPluginsStarted });
// A screen read a web extension point: the plugins contributing to it load (issue 30 item 6).
sample({
  clock: extensionPointShown,
  source: { list: $plugins, started: $started },
  fn: ({ list, started }, point) => widgetPluginsFor(list ?? [], [], [point]).filter((m) => !started.includes(m.id)),
  target: widgetPluginsStarted,
});
sample({
  clock: zoneShown,
  source: { list: $plugins, started: $started },
  fn: ({ list, started }, zone) => widgetPluginsFor(list ?? [], [zone]).filter((m) => !started.includes(m.id)),
  target: widgetPluginsStarted,
});
sample({ clock: widgetPluginsStarted, filter: (list) => list.length > 0, target: loadWidgetPluginsFx });
// A plugin the list no longer gives zones (the company expired, its plan lost the flag) takes its widgets away.
sample({ clock: pluginsFetched, fn: (list) => list.filter((m) => !m.locked && m.zones.length).map((m) => m.id), target: widgetsKeptFor });

/** The plugins' public pages (an OAuth callback, say): known before anyone signs in. */
// At most 5 s: the routes wait for this list (a public page must not be sent to /login first).
export const fetchPublicPluginsFx = createEffect(() => call(PLUGIN_ENDPOINTS.public, { signal: AbortSignal.timeout(5000) }));
export const $publicPlugins = createStore<PluginManifest[]>([]).on(fetchPublicPluginsFx.doneData, (_, list) => list);
/** The public list has answered (or failed): until then no route is decided, so a public page is not sent to /login. */
export const $publicPluginsKnown = createStore(false).on(fetchPublicPluginsFx.finally, () => true);
