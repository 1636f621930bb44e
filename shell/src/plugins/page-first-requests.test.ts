// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PluginManifest } from '@atende/core-contract';

// The remote itself is not loaded here: only what starts beside it.
vi.mock('./remote-import.js', () => ({ importRemote: vi.fn(async () => ({ default: { id: 'dash' } })), RemoteRefusedError: class extends Error {} }));
const { preloadPageRemote } = await import('./remote-loader.js');
const { api, sessionStarted } = await import('@atende/sdk-web');

const manifest: PluginManifest = {
  id: 'dash',
  version: '1.0.0',
  remoteEntry: '/plugins/dash/remoteEntry.js',
  sdkWeb: null,
  routes: [{ path: '/dash', firstRequests: ['/dash/figures?days=7&scope=all'] }, { path: '/dash/other' }],
  menu: [],
  settingsTabs: [],
  zones: [],
  locked: false,
};

afterEach(() => vi.unstubAllGlobals());

/** Issue 32: a plugin page's first requests (its manifest names them) start with the plugin list, beside its code. */
describe("a plugin page's first requests", () => {
  it('start when the plugin list is known, with the session token, and the page takes them', async () => {
    sessionStarted({ token: 'tok', user: { id: 1 } as never });
    const asked: [string, string | undefined][] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      asked.push([url, (init.headers as Record<string, string>).Authorization]);
      return new Response(JSON.stringify({ n: asked.length }), { headers: { 'content-type': 'application/json' } });
    });
    await preloadPageRemote([manifest], '/dash');
    expect(asked).toEqual([['/api/dash/figures?days=7&scope=all', 'Bearer tok']]);
    expect(await api.get('/dash/figures', { query: { days: 7, scope: 'all' } })).toEqual({ n: 1 });
    expect(asked).toHaveLength(1);
    // Once per page load: a later plugin list (a sign-in, a renewal) starts none.
    await preloadPageRemote([manifest], '/dash');
    expect(asked).toHaveLength(1);
  });

  it("another page of the plugin, or no plugin's page, starts none", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await preloadPageRemote([manifest], '/dash/other');
    expect(preloadPageRemote([manifest], '/tickets')).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
