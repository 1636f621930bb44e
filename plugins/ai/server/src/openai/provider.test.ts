import { describe, expect, it, vi } from 'vitest';
import type { Companies, OutboundHttp, PluginContext, Tenancy } from '@atende/sdk-server';
import { OpenAiProvider } from './provider.js';

/** The platform's key goes only to the platform's server: never to a base URL a tenant typed. */
describe('OpenAiProvider.server', () => {
  const make = () => {
    const plugin = { settings: { global: async (key: string) => (key.endsWith('base_url') ? 'https://api.platform.example/v1' : 'gpt-x') } } as unknown as PluginContext;
    const provider = new OpenAiProvider({} as OutboundHttp, plugin, {} as Tenancy, {} as Companies);
    vi.spyOn(provider, 'globalKey').mockResolvedValue('sk-platform');
    vi.spyOn(provider, 'open').mockImplementation(async (sealed: string) => `opened:${sealed}`);
    return provider;
  };

  it("uses the platform's key with the platform's server", async () => {
    expect(await make().server({ model: null })).toEqual({ baseUrl: 'https://api.platform.example/v1', apiKey: 'sk-platform', model: 'gpt-x' });
  });

  it("a prompt's own server gets the prompt's own key, or none: never the platform's", async () => {
    const p = make();
    expect((await p.server({ baseUrl: 'https://tenant.example/v1', apiKeySealed: null })).apiKey).toBe('');
    expect((await p.server({ baseUrl: 'https://tenant.example/v1', apiKeySealed: 'k1' })).apiKey).toBe('opened:k1');
    // Its own key on the platform's server is its own business.
    expect((await p.server({ apiKeySealed: 'k2' })).apiKey).toBe('opened:k2');
  });
});
