/**
 * The shell's module federation runtime (@module-federation/runtime, the host), started when the first
 * plugin remote loads: a page without plugins (/login) never downloads it. Remotes are built by
 * atendeRemote (@atende/sdk-web/vite) with `experiments.externalRuntime`, so they use this runtime,
 * published on the federation global, instead of bundling their own. The share scope is
 * shared-modules.ts (written at build time by atendeHost): every shared module a dynamic import of the
 * module the shell itself runs, with the installed versions.
 */
import { init, loadRemote, loadShare, registerRemotes, satisfy } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime/core';
import { HOST_ONLY_SHARED, packageOf, type RemoteRequirements } from '@atende/sdk-web/federation';
import { shared, versions } from './shared-modules.js';

const federationGlobal = runtimeCore.Global as unknown as { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: { name: string; version: string } };
federationGlobal._FEDERATION_RUNTIME_CORE ??= runtimeCore;
federationGlobal._FEDERATION_RUNTIME_CORE_FROM ??= { name: 'shell', version: '2' };

// loaded-first: the shell's own modules are the only providers (remotes bring none: `import: false`).
init({ name: 'shell', remotes: [], shared, shareStrategy: 'loaded-first' });

/**
 * Every shared module loaded once here, before any remote registers. Remotes started side by side
 * (a plugin page and the plugins with widgets on the first view) each register stubs for the same
 * versions while they pick the shell's provider, and a stub could stand in for a provider not loaded
 * yet: that remote's init then left the module out of the federation cache and its code read it
 * undefined at module scope ("t is not a function", the page and the widgets missing, one first view
 * in ~20 on a busy machine). A loaded provider is never displaced. The modules are the shell's own
 * (most already running); antd's whole shared module is the one download this moves earlier, and
 * every remote here uses antd. A module that fails to load here is left to the remotes that use it, as before.
 */
const hostOnly = new Set<string>(HOST_ONLY_SHARED);
export const sharesLoaded: Promise<void> = Promise.allSettled(
  Object.keys(shared)
    .filter((name) => !hostOnly.has(packageOf(name)))
    .map((name) => loadShare(name)),
).then(() => undefined);

/**
 * The shared modules only remotes built before SDK 1.1 take (HOST_ONLY_SHARED: the contracts, which newer
 * remotes bundle), loaded before such a remote registers, for the same reason as sharesLoaded; a remote
 * that does not declare them never loads them.
 */
export function hostOnlySharesLoaded(requirements: RemoteRequirements): Promise<void> {
  const names = Object.keys(shared).filter((name) => hostOnly.has(packageOf(name)) && packageOf(name) in requirements.shared);
  return Promise.allSettled(names.map((name) => loadShare(name))).then(() => undefined);
}

export { loadRemote, registerRemotes, satisfy, versions };
