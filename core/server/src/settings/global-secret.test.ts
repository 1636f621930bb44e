import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SettingsService } from './settings.service.js';

/**
 * Settings.globalSecret's own rules, with a fake database (the atomic first write across two server
 * processes is proven against PostgreSQL in plugins/flowbuilder/server/test: "export works on a fresh install").
 */
function service(stored: Map<string, string>) {
  const calls: unknown[][] = [];
  const fork = () => ({
    getConnection: () => ({
      // The upsert: fills a missing or empty value only, answering the row it wrote.
      execute: async (_sql: string, params: [string, string]) => {
        calls.push(params);
        const [key, candidate] = params;
        if (stored.get(key)) return [];
        stored.set(key, candidate);
        return [{ value: candidate }];
      },
    }),
    findOne: async (_entity: unknown, where: { key: string }) => (stored.has(where.key) ? { key: where.key, value: stored.get(where.key) } : null),
  });
  const registry = { plugins: [{ definition: { id: 'demo', settings: { global: { 'demo.key': { schema: z.string(), default: '', secret: true } } } } }] };
  const svc = new SettingsService({} as never, {} as never, { em: { fork } } as never, {} as never, registry as never, {} as never);
  return { svc, calls };
}

describe('Settings.globalSecret', () => {
  it('generates 32 random bytes on first use and keeps them', async () => {
    const stored = new Map<string, string>();
    const { svc, calls } = service(stored);
    const first = await svc.globalSecret('demo', 'demo.key');
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(await svc.globalSecret('demo', 'demo.key')).toBe(first);
    expect(stored.get('demo.key')).toBe(first);
    // The second call offered another candidate, which the stored value outlived.
    expect(calls[1]![1]).not.toBe(first);
  });

  it('answers a value already set (by a super user or another process)', async () => {
    const { svc } = service(new Map([['demo.key', 'x'.repeat(40)]]));
    expect(await svc.globalSecret('demo', 'demo.key')).toBe('x'.repeat(40));
  });

  it('refuses a key the plugin did not declare, or another plugin’s', async () => {
    const { svc, calls } = service(new Map());
    await expect(svc.globalSecret('demo', 'demo.other')).rejects.toThrow(/declared no global setting/);
    await expect(svc.globalSecret('other', 'demo.key')).rejects.toThrow(/declared no global setting/);
    expect(calls).toEqual([]);
  });
});
