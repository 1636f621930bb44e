/**
 * Imports a plugin's remote through module federation (issue 30), after reading what it needs
 * (REQUIREMENTS_FILE, written by atendeRemote) and comparing it with the versions the shell shares: a
 * remote the shell cannot satisfy is refused before any of its code runs, with a notice naming the
 * plugin, what it needs and what the shell has (RemoteRefusalNotices), and the rest of the shell goes on.
 */
import { REMOTE_EXPOSE, REQUIREMENTS_FILE, remoteName, unmetRequirements, type RemoteRequirements, type UnmetRequirement } from '@atende/sdk-web/federation';
import { remoteRefused } from './web-plugins.model.js';

export class RemoteRefusedError extends Error {
  constructor(
    readonly pluginId: string,
    readonly unmet: UnmetRequirement[],
  ) {
    super(`Plugin ${pluginId} was not loaded: it needs ${unmet.map((u) => `${u.package} ${u.needs} (the shell has ${u.has ?? 'none'})`).join(', ')}.`);
    this.name = 'RemoteRefusedError';
  }
}

/** The federation runtime, fetched and started with the first remote (federation-host.ts); a failed fetch is tried again. */
let host: Promise<typeof import('./federation-host.js')> | undefined;
/** Starts the federation runtime (and the loading of the shared modules) ahead of the first remote. */
export function federationHost() {
  host ??= import('./federation-host.js').catch((err: unknown) => {
    host = undefined;
    throw err;
  });
  return host;
}
const registered = new Set<string>();

/** What the remote says it needs, read from beside its entry. */
async function requirementsOf(entry: string, pluginId: string): Promise<RemoteRequirements> {
  const res = await fetch(new URL(REQUIREMENTS_FILE, new URL(entry, location.href)));
  if (!res.ok) throw new Error(`Plugin ${pluginId}: its remote has no ${REQUIREMENTS_FILE} (HTTP ${res.status}); build it with atendeRemote (@atende/sdk-web/vite).`);
  return (await res.json()) as RemoteRequirements;
}

/**
 * Dev mode (docs/plugins/dev-mode.md): the shell's dev server started with
 * VITE_ATENDE_DEV_REMOTES="helps=http://localhost:5174" loads those plugins' remotes from their own dev
 * servers (hot reload), and every other remote from the kernel as usual. Empty in a build.
 */
export function devRemoteEntry(pluginId: string, list: string | undefined = import.meta.env.DEV ? (import.meta.env.VITE_ATENDE_DEV_REMOTES as string | undefined) : undefined): string | undefined {
  for (const item of (list ?? '').split(',')) {
    const [id, origin] = item.split('=').map((s) => s.trim());
    if (id === pluginId && origin) return new URL(`/plugins/${pluginId}/remoteEntry.js`, origin).href;
  }
  return undefined;
}

const preloaded = new Set<string>();
/**
 * The remote's own files (its entry, the exposed chunk and their static imports, as its build listed
 * them), fetched and parsed while the shared modules get ready: nothing of them runs before the remote
 * registers (issue 32, the first view of a plugin's page: they came one import after another after).
 */
export function preloadFiles(entry: string, files: string[] | undefined, doc: Document = document): void {
  for (const file of files ?? []) {
    const href = new URL(file, new URL(entry, location.href)).href;
    // Only the remote's own folder: a listed path never points elsewhere.
    if (preloaded.has(href) || !href.startsWith(new URL('.', new URL(entry, location.href)).href)) continue;
    preloaded.add(href);
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
}

/** The module a plugin's remote exposes (its default export is the plugin's definition). */
export async function importRemote(kernelEntry: string, pluginId: string): Promise<{ default?: unknown }> {
  const entry = devRemoteEntry(pluginId) ?? kernelEntry;
  const [fed, requirements] = await Promise.all([federationHost(), requirementsOf(entry, pluginId)]);
  const unmet = unmetRequirements(requirements, fed.versions, (version, range) => fed.satisfy(version, range));
  if (unmet.length) {
    remoteRefused({ pluginId, unmet });
    throw new RemoteRefusedError(pluginId, unmet);
  }
  const name = remoteName(pluginId);
  preloadFiles(entry, requirements.preload);
  await Promise.all([fed.sharesLoaded, fed.hostOnlySharesLoaded(requirements)]);
  if (!registered.has(name)) {
    fed.registerRemotes([{ name, entry, type: 'module' }]);
    registered.add(name);
  }
  return ((await fed.loadRemote<{ default?: unknown }>(`${name}/${REMOTE_EXPOSE.slice(2)}`)) ?? {}) as { default?: unknown };
}
