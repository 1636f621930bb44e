/**
 * The shell's module federation runtime (@module-federation/runtime, the host), started when the first
 * plugin remote loads: a page without plugins (/login) never downloads it. Remotes are built by
 * atendeRemote (@atende/sdk-web/vite) with `experiments.externalRuntime`, so they use this runtime,
 * published on the federation global, instead of bundling their own. The share scope is
 * shared-modules.ts (written at build time by atendeHost): every shared module a dynamic import of the
 * module the shell itself runs, with the installed versions.
 */
import { init, loadRemote, registerRemotes, satisfy } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime/core';
import { shared, versions } from './shared-modules.js';

const federationGlobal = runtimeCore.Global as unknown as { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: { name: string; version: string } };
federationGlobal._FEDERATION_RUNTIME_CORE ??= runtimeCore;
federationGlobal._FEDERATION_RUNTIME_CORE_FROM ??= { name: 'shell', version: '2' };

// loaded-first: the shell's own modules are the only providers (remotes bring none: `import: false`).
init({ name: 'shell', remotes: [], shared, shareStrategy: 'loaded-first' });

export { loadRemote, registerRemotes, satisfy, versions };
