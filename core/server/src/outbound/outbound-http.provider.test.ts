import { describe, expect, it } from 'vitest';
import { SUPER_USER_HOSTS_TTL_MS, superUserHostsPolicy } from './outbound-http.provider.js';

/** The kernel's policy: the operator's env list plus the super user's setting, read briefly cached and dropped on a change. */
describe('outbound policy (operator env + super user setting)', () => {
  const fakeSettings = (value: string) => {
    const state = { value, reads: 0, listeners: [] as ((key: string) => void)[] };
    return {
      state,
      global: async () => {
        state.reads++;
        return state.value;
      },
      onGlobalChange: (fn: (key: string) => void) => {
        state.listeners.push(fn);
        return () => undefined;
      },
    };
  };

  it('combines both lists, keeps a read for a while and reads again after a change or the TTL', async () => {
    let clock = 1_000;
    const settings = fakeSettings('n8n.example.com, 203.0.113.7:8080');
    const policy = superUserHostsPolicy({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1:9000' }, settings, () => clock);
    expect(await policy()).toEqual({ allowHosts: ['127.0.0.1:9000'], httpHosts: ['n8n.example.com', '203.0.113.7:8080'] });
    await policy();
    expect(settings.state.reads).toBe(1);
    // Another key changing keeps the cache; this key changing drops it.
    settings.state.value = 'otro.example';
    for (const fn of settings.state.listeners) fn('allowSignup');
    expect((await policy()).httpHosts).toEqual(['n8n.example.com', '203.0.113.7:8080']);
    for (const fn of settings.state.listeners) fn('outboundAllowHosts');
    expect((await policy()).httpHosts).toEqual(['otro.example']);
    expect(settings.state.reads).toBe(2);
    // Changed by another process: seen once the TTL is over.
    settings.state.value = '';
    clock += SUPER_USER_HOSTS_TTL_MS - 1;
    expect((await policy()).httpHosts).toEqual(['otro.example']);
    clock += 2;
    expect((await policy()).httpHosts).toEqual([]);
  });

  it('falls back to the operator list alone when the setting cannot be read', async () => {
    const policy = superUserHostsPolicy({ OUTBOUND_ALLOW_HOSTS: '' }, { global: () => Promise.reject(new Error('db down')), onGlobalChange: () => () => undefined });
    expect(await policy()).toEqual({ allowHosts: [] });
  });
});
