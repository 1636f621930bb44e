import type { PluginManifest } from '@atende/core-contract';
import { REMOTE_EXPOSE, REQUIREMENTS_FILE, remoteName, unmetRequirements, type RemoteRequirements, type UnmetRequirement } from '@atende/sdk-web/federation';
import { remoteRefused, webPluginLoaded } from './web-plugins.model.js';
import { $sessionGeneration, registerErrorTexts, registerLocales, widgetsRegistered, type WebPluginDefinition } from '@atende/sdk-web';

/** A remote built against versions the shell cannot give (its notice names them); the rest of the shell goes on. */
export class RemoteRefusedError extends Error {
  constructor(
    readonly pluginId: string,
    readonly unmet: UnmetRequirement[],
  ) {
    super(`Plugin ${pluginId} was not loaded: it needs ${unmet.map((u) => `${u.package} ${u.needs} (the shell has ${u.has ?? 'none'})`).join(', ')}.`);
    this.name = 'RemoteRefusedError';
  }
}

const registered = new Set<string>();
/** The federation runtime, fetched and started with the first remote (federation-host.ts); a failed fetch is tried again. */
let host: Promise<typeof import('./federation-host.js')> | undefined;
function federationHost() {
  host ??= import('./federation-host.js').catch((err: unknown) => {
    host = undefined;
    throw err;
  });
  return host;
}
const loaded = new Map<string, Promise<WebPluginDefinition>>();

/** What the remote says it needs (REQUIREMENTS_FILE beside its entry), read before any of its code runs. */
async function requirementsOf(manifest: PluginManifest & { remoteEntry: string }): Promise<RemoteRequirements> {
  const res = await fetch(new URL(REQUIREMENTS_FILE, new URL(manifest.remoteEntry, location.href)), { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`Plugin ${manifest.id}: its remote has no ${REQUIREMENTS_FILE} (HTTP ${res.status}); build it with atendeRemote (@atende/sdk-web/vite).`);
  return (await res.json()) as RemoteRequirements;
}

/** Loads a plugin's remote once (module federation at run time), after checking its versions against the shell's. */
function loadRemoteDefinition(manifest: PluginManifest): Promise<WebPluginDefinition> {
  const cached = loaded.get(manifest.id);
  if (cached) return cached;
  const promise = (async () => {
    if (!manifest.remoteEntry) throw new Error(`Plugin ${manifest.id} has no web remote.`);
    const [fed, requirements] = await Promise.all([federationHost(), requirementsOf({ ...manifest, remoteEntry: manifest.remoteEntry })]);
    const unmet = unmetRequirements(requirements, fed.versions, (version, range) => fed.satisfy(version, range));
    if (unmet.length) {
      const refusal = new RemoteRefusedError(manifest.id, unmet);
      remoteRefused({ pluginId: manifest.id, unmet });
      throw refusal;
    }
    const name = remoteName(manifest.id);
    if (!registered.has(name)) {
      fed.registerRemotes([{ name, entry: manifest.remoteEntry, type: 'module' }]);
      registered.add(name);
    }
    const mod = await fed.loadRemote<{ default: WebPluginDefinition }>(`${name}/${REMOTE_EXPOSE.slice(2)}`);
    const definition = mod?.default;
    if (!definition || definition.id !== manifest.id) throw new Error(`Remote ${name} did not expose plugin ${manifest.id}.`);
    return definition;
  })();
  loaded.set(manifest.id, promise);
  // A failed load may be retried later (for example after a deploy finished); a refused one is not.
  promise.catch((err: unknown) => {
    if (!(err instanceof RemoteRefusedError)) loaded.delete(manifest.id);
  });
  return promise;
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
 * entries only (its icon is named in the manifest) loads when one of its pages opens.
 */
export function widgetPluginsFor(manifests: PluginManifest[], zonesShown: readonly string[]): PluginManifest[] {
  return manifests.filter((m) => m.remoteEntry && !m.locked && (m.menu.some((e) => e.badge) || m.zones.some((z) => zonesShown.includes(z))));
}

/** Loads these plugins' remotes in parallel; a remote that fails is logged, its widgets stay away and the rest load. */
export async function loadWidgetPlugins(manifests: PluginManifest[]): Promise<void> {
  const results = await Promise.allSettled(manifests.map((m) => loadWebPlugin(m)));
  for (const r of results) if (r.status === 'rejected' && !(r.reason instanceof RemoteRefusedError)) console.error('A plugin with widgets did not load', r.reason);
}
