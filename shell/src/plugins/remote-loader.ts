import { matchPath } from 'react-router-dom';
import type { PluginManifest } from '@atende/core-contract';
import { webPluginLoaded } from './web-plugins.model.js';
import { RemoteRefusedError, importRemote } from './remote-import.js';
import { $sessionGeneration, prefetch, registerErrorTexts, registerLocales, sdkWebMismatch, SDK_WEB_VERSION, widgetsRegistered, type WebPluginDefinition } from '@atende/sdk-web';
import { IncompatibleRemoteError } from './incompatible-remote.js';

const loaded = new Map<string, Promise<WebPluginDefinition>>();

/** Loads a plugin's remote once (remote-import.ts: module federation, after its versions are checked). */
function loadRemoteDefinition(manifest: PluginManifest): Promise<WebPluginDefinition> {
  const cached = loaded.get(manifest.id);
  if (cached) return cached;
  const promise = (async () => {
    if (!manifest.remoteEntry) throw new Error(`Plugin ${manifest.id} has no web remote.`);
    // The SDK it was built with, as the kernel read it (GET /api/plugins): checked before any download.
    const mismatch = sdkWebMismatch(manifest.sdkWeb, SDK_WEB_VERSION);
    if (mismatch) throw new IncompatibleRemoteError(manifest.id, manifest.sdkWeb ?? '', mismatch);
    // Then every shared package's range (remote-import.ts reads the remote's atende-remote.json).
    const definition = (await importRemote(manifest.remoteEntry, manifest.id)).default as WebPluginDefinition | undefined;
    if (!definition || definition.id !== manifest.id) throw new Error(`The remote of plugin ${manifest.id} did not expose its definition.`);
    return definition;
  })();
  loaded.set(manifest.id, promise);
  // A failed load may be retried later (for example after a deploy finished); a refused one is not.
  promise.catch((err: unknown) => {
    if (!(err instanceof RemoteRefusedError)) loaded.delete(manifest.id);
  });
  return promise;
}

let firstRequestsStarted = false;

/**
 * The remote of the plugin whose page this path is, started as soon as the plugin list is known (not
 * when its route first renders, which a busy first load delays), so the page's code downloads first;
 * resolves to whether it loaded. Undefined when the path is no plugin's page.
 */
export function preloadPageRemote(manifests: PluginManifest[], path: string): Promise<boolean> | undefined {
  const manifest = manifests.find((m) => m.remoteEntry && !m.locked && m.routes.some((r) => !r.locked && matchPath({ path: r.path, end: true }, path)));
  if (!manifest) return undefined;
  // The page's first requests (its manifest names them) start now too, beside its code: once per page
  // load (a later plugin list, after a sign-in or a renewal, is not a first view).
  const route = manifest.routes.find((r) => !r.locked && matchPath({ path: r.path, end: true }, path));
  const first = firstRequestsStarted ? [] : (route?.firstRequests ?? []);
  firstRequestsStarted ||= first.length > 0;
  for (const request of first) {
    const [apiPath, query = ''] = request.split('?');
    prefetch(apiPath!, Object.fromEntries(new URLSearchParams(query)));
  }
  return loadRemoteDefinition(manifest).then(
    () => true,
    () => false,
  );
}

/**
 * A plugin's remote, with its texts and, for this session, its widgets in the zones its server
 * manifest names (the server decides which plugins this user's company may use).
 */
export async function loadWebPlugin(manifest: PluginManifest): Promise<WebPluginDefinition> {
  const generation = $sessionGeneration.getState();
  const definition = await loadRemoteDefinition(manifest);
  // Signed out while the remote loaded: its widgets were this manifest's user's, not the next one's.
  if (generation !== $sessionGeneration.getState()) return definition;
  if (definition.locales) registerLocales(definition.id, definition.locales);
  if (definition.errors) registerErrorTexts(definition.id, definition.errors);
  webPluginLoaded(definition);
  const widgets = (definition.widgets ?? []).filter((w) => manifest.zones.includes(w.zone));
  widgetsRegistered(widgets.map((w) => ({ ...w, pluginId: definition.id })));
  return definition;
}

/**
 * The plugins to load for their widgets or badge, without holding the first paint: a plugin with a
 * drawer entry with a badge at once (its count shows from the start), a plugin filling zones when one of
 * its zones is on screen (`zonesShown`): the ticket list does not download the plugins whose widgets sit
 * on the connections page or in an open ticket (issue 13 item 5). A plugin with pages and plain drawer
 * entries only (its icon is named in the manifest) loads when one of its pages opens. A plugin that
 * contributes to a web extension point (`contributes`) loads when a screen reads that point.
 */
export function widgetPluginsFor(manifests: PluginManifest[], zonesShown: readonly string[], pointsShown: readonly string[] = []): PluginManifest[] {
  return manifests.filter(
    (m) =>
      m.remoteEntry &&
      !m.locked &&
      (m.menu.some((e) => e.badge) || m.zones.some((z) => zonesShown.includes(z)) || (m.contributes ?? []).some((p) => pointsShown.includes(p))),
  );
}

/** Loads these plugins' remotes in parallel; a remote that fails is logged, its widgets stay away and the rest load. */
export async function loadWidgetPlugins(manifests: PluginManifest[]): Promise<void> {
  const results = await Promise.allSettled(manifests.map((m) => loadWebPlugin(m)));
  for (const r of results) if (r.status === 'rejected' && !(r.reason instanceof RemoteRefusedError)) console.error('A plugin with widgets did not load', r.reason);
}
