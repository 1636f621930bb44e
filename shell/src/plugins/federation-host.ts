/**
 * The federation runtime of the shell (the host), started when the first plugin remote loads: a page
 * without plugins (/login) never downloads it. Remotes are built with `experiments.externalRuntime`, so
 * they use this runtime-core (published on the federation global) instead of bundling their own; the
 * share scope is every key of @atende/sdk-web/federation's HOST_SHARED_KEYS, each loading the module the
 * shell itself runs (vite.config.ts builds it), so a remote renders with the shell's antd and theme.
 */
import { init, loadRemote, registerRemotes } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime/core';
import { shared } from './shared-modules.js';

const federationGlobal = runtimeCore.Global as unknown as { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: { name: string; version: string } };
federationGlobal._FEDERATION_RUNTIME_CORE ??= runtimeCore;
federationGlobal._FEDERATION_RUNTIME_CORE_FROM ??= { name: 'shell', version: '2' };

// loaded-first: the shell's own modules are the only providers; nothing is fetched to compare versions.
init({ name: 'shell', remotes: [], shared, shareStrategy: 'loaded-first' });

export { loadRemote, registerRemotes };
