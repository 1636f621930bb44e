// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { AUTH_ENDPOINTS, PLUGIN_ENDPOINTS } from '@atende/core-contract';

// A stored token: the page opens signed in.
localStorage.setItem('token', 'stored-token');
const asked: string[] = [];
let answerMe!: (user: unknown) => void;
const call = vi.fn((endpoint: { path: string }) => {
  asked.push(endpoint.path);
  if (endpoint === AUTH_ENDPOINTS.me) return new Promise((resolve) => (answerMe = resolve));
  if (endpoint === PLUGIN_ENDPOINTS.list) return Promise.resolve([]);
  return Promise.reject(new Error(`unexpected ${endpoint.path}`));
});
vi.mock('@atende/sdk-web', async (importOriginal) => ({ ...(await importOriginal<object>()), call, connectRealtime: vi.fn(async () => null) }));
const { restoreSessionFx } = await import('./session.js');
const { $plugins } = await import('../plugins/plugins.model.js');

/** Issue 32: the first view of a plugin's page does not wait for /auth/me before asking for the plugin list. */
describe('restoring a stored session', () => {
  it('asks for the plugin list beside /auth/me, once', async () => {
    const restored = restoreSessionFx();
    await new Promise((r) => setTimeout(r, 10));
    expect(asked.sort()).toEqual([AUTH_ENDPOINTS.me.path, PLUGIN_ENDPOINTS.list.path].sort());
    expect($plugins.getState()).toEqual([]);
    answerMe({ id: 1, name: 'Ana', email: 'a@x.test', profile: 'admin', companyId: 1, company: { id: 1, name: 'X' }, queues: [] });
    expect(await restored).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(asked.filter((p) => p === PLUGIN_ENDPOINTS.list.path)).toHaveLength(1);
  });
});
