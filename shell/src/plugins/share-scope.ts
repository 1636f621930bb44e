/**
 * The shell's share scope, defined when the first plugin remote loads: a page without plugins (/login)
 * never downloads it. A remote's chunks ask `globalThis.__atendeShared(key)` for each shared module
 * (@atende/sdk-web/remote-build writes those calls) and receive the very module the shell runs, loaded
 * on first demand: one React, one antd component each, one router, one SDK, and the shell's theme.
 */
import { SHARE_SCOPE_GLOBAL } from '@atende/sdk-web/federation';
import { shared } from './shared-modules.js';

function sharedModule(key: string): Promise<unknown> {
  const load = Object.hasOwn(shared, key) ? shared[key] : undefined;
  return load ? load() : Promise.reject(new Error(`The shell does not share '${key}'`));
}

(globalThis as unknown as Record<string, unknown>)[SHARE_SCOPE_GLOBAL] = sharedModule;

/** A remote's entry module (its default export is the plugin's definition), by the URL the plugin list gives. */
export function importRemote(url: string): Promise<{ default?: unknown }> {
  return import(/* @vite-ignore */ url) as Promise<{ default?: unknown }>;
}
